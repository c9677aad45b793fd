import styled from 'styled-components';

/** Fields two to a row from a tablet's width, one on a phone; a field marked `.wide` takes the whole row. */
export const FieldGrid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 18px;

  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}) {
    /* minmax(0, …): a wide control (a date and time) shrinks to its column instead of pushing past the form. */
    grid-template-columns: repeat(2, minmax(0, 1fr));
    .wide {
      grid-column: 1 / -1;
    }
  }
`;
