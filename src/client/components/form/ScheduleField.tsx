import styled from 'styled-components';
import { wallTimeChoices, wallTimeShown } from '../../../shared/wallTime';
import { TextField } from './TextField';

const Which = styled.fieldset`
  margin: 8px 0 0;
  padding: 8px 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};

  legend {
    padding: 0 4px;
    font-weight: 600;
  }
  label {
    display: flex;
    gap: 8px;
    align-items: center;
    min-height: 32px;
  }
  input:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

/** "2:30 am" of a wall time "2026-04-05T02:30". */
const clockOf = (wallTime: string) => {
  const [hour, minute] = wallTime.slice(11, 16).split(':').map(Number) as [number, number];
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'}`;
};

interface ScheduleFieldProps {
  name: string;
  label: string;
  value: string;
  error?: string;
  required?: boolean;
  /** The store's zone, the one the time is entered in. */
  timeZone: string;
  onChange: (event: { target: { value: string } }) => void;
  onBlur?: () => void;
}

/**
 * A date and time in the store's zone (a datetime-local field). A time the clocks repeat when they go back happens
 * twice: the field then asks which one is meant (the first, before the clocks go back, or the second), and keeps the
 * answer as the time's UTC offset, never guessing one.
 */
export function ScheduleField({ timeZone, value, onChange, ...field }: ScheduleFieldProps) {
  const shown = wallTimeShown(value);
  const choices = wallTimeChoices(timeZone, shown);
  return (
    <div>
      <TextField {...field} value={shown} onChange={onChange} type="datetime-local" />
      {choices.length > 1 && (
        <Which>
          <legend>Which {clockOf(shown)}?</legend>
          {choices.map((choice, index) => (
            <label key={choice.offset}>
              <input
                type="radio"
                name={`${field.name}-which`}
                value={choice.offset}
                checked={value === `${shown}${choice.offset}`}
                onChange={() => onChange({ target: { value: `${shown}${choice.offset}` } })}
              />
              {index === 0 ? `The first, before the clocks go back (UTC${choice.offset})` : `The second, after the clocks go back (UTC${choice.offset})`}
            </label>
          ))}
        </Which>
      )}
    </div>
  );
}
