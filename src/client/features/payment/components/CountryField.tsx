import { memo, useEffect, useMemo } from 'react';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../../wiring/hooks';
import { SelectField } from '../../../components/form/TextField';
import { useAppConfig } from '../../../config/appConfig';
import { countriesRequested, selectCountries } from '../countriesSlice';
import { paymentTexts } from '../paymentTexts';

const Failure = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  color: ${({ theme }) => theme.colors.danger};

  button {
    padding: 6px 14px;
    border-radius: 999px;
    border: 1px solid ${({ theme }) => theme.colors.gold};
    background: transparent;
    color: ${({ theme }) => theme.colors.goldBright};
    font: inherit;
    cursor: pointer;
  }
`;

const Hint = styled.p`
  margin: 6px 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

interface CountryFieldProps {
  value: string;
  error?: string;
  onChange: (event: { target: { value: string } }) => void;
  onBlur: () => void;
}

/** The country list the form's rules and its Country field read, asked for once the form shows (not before). */
export function useCountryList() {
  const dispatch = useAppDispatch();
  const { countriesUrl } = useAppConfig();
  const countries = useAppSelector(selectCountries);
  useEffect(() => {
    if (countries.status === 'idle') dispatch(countriesRequested({ url: countriesUrl }));
  }, [countries.status, countriesUrl, dispatch]);
  return countries;
}

/**
 * Country: 'Select Country' first, then the fetched list; says so and offers a retry when it fails. Its two
 * hundred and more options are made once per list, and the field renders again only when its own props change.
 */
export const CountryField = memo(function CountryField({ value, error, onChange, onBlur }: CountryFieldProps) {
  const dispatch = useAppDispatch();
  const { countriesUrl } = useAppConfig();
  // The form asks for the list (useCountryList): its rules need it too, whether or not this field shows.
  const { status, list } = useAppSelector(selectCountries);
  const options = useMemo(
    () =>
      list.map((country) => (
        <option key={country.alpha2Code} value={country.alpha2Code}>
          {country.name}
        </option>
      )),
    [list],
  );

  return (
    <div>
      <SelectField
        name="country"
        label="Country"
        value={value}
        error={error}
        onChange={onChange}
        onBlur={onBlur}
        required
        disabled={status !== 'loaded'}
        aria-busy={status === 'loading'}
        autoComplete="country"
      >
        <option value="">{paymentTexts.selectCountry}</option>
        {options}
      </SelectField>
      {status === 'loading' && <Hint>{paymentTexts.countriesLoading}</Hint>}
      {status === 'failed' && (
        <Failure role="alert">
          {paymentTexts.countriesFailed}
          <button type="button" onClick={() => dispatch(countriesRequested({ url: countriesUrl }))}>
            {paymentTexts.retry}
          </button>
        </Failure>
      )}
    </div>
  );
});
