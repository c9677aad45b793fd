import styled from 'styled-components';
import { GEM_PACKS } from '../../../../shared/catalogue';
import { FormStatus } from '../../../components/form/FormFeedback';
import { PageHeading } from '../../../components/Page';
import { shopTexts } from '../shopTexts';
import { PackCard } from './PackCard';

const Grid = styled.div`
  display: grid;
  gap: 20px;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 300px), 1fr));
  margin-top: 24px;
`;

const Notice = styled.div`
  margin-top: 16px;
`;

const Note = styled.p`
  margin: 0.3em 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export function PackList({ unknownPack }: { unknownPack: boolean }) {
  return (
    <>
      <PageHeading>{shopTexts.heading}</PageHeading>
      <p>{shopTexts.intro}</p>
      <Note>{shopTexts.priceNote}</Note>
      {unknownPack && (
        <Notice>
          <FormStatus>{shopTexts.unknownPack}</FormStatus>
        </Notice>
      )}
      <Grid>
        {GEM_PACKS.map((pack) => (
          <PackCard key={pack.id} pack={pack} />
        ))}
      </Grid>
    </>
  );
}
