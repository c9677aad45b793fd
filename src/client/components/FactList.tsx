import styled from 'styled-components';

/**
 * Labels and their values side by side (a <dl>): the receipt's invoice, support's order page. With
 * $stackOnPhone, each label goes above its value on a narrow screen, for values too long to sit beside it.
 */
export const FactList = styled.dl<{ $stackOnPhone?: boolean }>`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 6px 18px;
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  ${({ $stackOnPhone }) =>
    $stackOnPhone &&
    `@media (max-width: 519.98px) {
      grid-template-columns: 1fr;
      gap: 2px;
      dt:not(:first-child) {
        margin-top: 8px;
      }
    }`}
`;
