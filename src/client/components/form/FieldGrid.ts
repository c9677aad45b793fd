import styled from 'styled-components';

/** Fields two to a row from a tablet's width, one on a phone; a field marked `.wide` takes the whole row. */
export const FieldGrid = styled.div`
  display: grid;
  gap: 18px;

  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}) {
    grid-template-columns: 1fr 1fr;
    .wide {
      grid-column: 1 / -1;
    }
  }
`;
