/**
 * The top page's empty and error blocks, loaded only when one is shown (home-page.tsx): a top page arrives with its
 * tiles and notices (server-rendered), so their code (and Mantine's Alert) is not part of its first load.
 */
export { EmptyBlock, ErrorBlock } from '@registrar/ui';
