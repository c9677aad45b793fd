import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { centsOfAmount, formatAud } from '../../../../shared/money';
import { playerStatusOf } from '../../../../shared/orders/playerStatus';
import { supportOrderPath } from '../../../../shared/routes';
import { errorMessage } from '../../../wiring/serverApi';
import { Button } from '../../../components/Button';
import { FormError } from '../../../components/form/FormFeedback';
import { TextField } from '../../../components/form/TextField';
import { Panel } from '../../../components/Panel';
import { useStoreTime } from '../../../hooks/useStoreTime';
import { useLazySearchOrdersQuery } from './supportOrdersApi';
import { supportTexts } from '../supportTexts';
import { OrdersTable } from '../components/OrdersTable';

const SearchForm = styled.form`
  display: grid;
  grid-template-columns: 1fr auto;
  align-items: end;
  gap: 12px;

  @media (max-width: 520px) {
    grid-template-columns: 1fr;
  }
  /* The field's reserved message line would push the button off the input's baseline. */
  p:empty {
    display: none;
  }
`;

/** Search by order number, player email, uid or player tag; each result links to the order's page. */
export function SearchPanel() {
  const [search, { data, error, isError, isFetching, isSuccess }] = useLazySearchOrdersQuery();
  // A failed search shows its error, not the results of the one before.
  const results = isError ? [] : (data ?? []);
  const { dateTime } = useStoreTime();
  const [query, setQuery] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (query.trim()) void search(query.trim());
  };
  const t = supportTexts;
  return (
    <Panel aria-labelledby="search-heading">
      <h2 id="search-heading">{t.searchHeading}</h2>
      <SearchForm role="search" aria-labelledby="search-heading" onSubmit={submit}>
        <TextField name="q" label={t.searchLabel} value={query} onChange={(event) => setQuery(event.target.value)} autoComplete="off" spellCheck={false} />
        <Button type="submit" disabled={isFetching}>
          {t.search}
        </Button>
      </SearchForm>
      <p role="status">{isFetching ? t.searching : isSuccess ? (results.length ? t.results(results.length) : t.noResults) : ''}</p>
      {error && !isFetching && <FormError>{errorMessage(error)}</FormError>}
      {results.length > 0 && (
        <OrdersTable
          testId="search-results"
          labels={[t.order, t.player, t.item, t.amount, t.status, t.placed]}
          rows={results}
          orderOf={({ order, playerEmail, userId }) => ({ orderId: order.orderId, to: supportOrderPath(order.orderId), player: playerEmail ?? userId })}
          cells={({ order }) => [order.productName, formatAud(centsOfAmount(order.amount)), playerStatusOf(order), dateTime(order.createdAt)]}
        />
      )}
    </Panel>
  );
}
