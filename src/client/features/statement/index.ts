/** The statement feature's public face: the orders page's statement, and the lines support's pages show too. */
export { GemStatement } from './GemStatement';
export { StatementLines, signedGems } from './StatementLines';
export { StatementPages } from './StatementPages';
