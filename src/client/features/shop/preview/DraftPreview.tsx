import { useEffect, useState } from 'react';
import { API_ROUTES, type SupportCatalogueResponse } from '../../../../shared/api';
import { FormStatus } from '../../../components/form/FormFeedback';
import { useAppDispatch } from '../../../app/hooks';
import { apiRequest, toApiError } from '../../../lib/apiClient';
import { draftPreviewed } from '../shopSlice';
import { shopTexts } from '../shopTexts';

/**
 * The shop with the saved draft's packs, for staff in the console's preview frames (the API answers the draft to staff
 * alone). Every pack of the draft is shown, whatever its schedule; nothing is bought from a preview that a player's
 * shop would not sell (the server prices and refuses every order by the published shelf).
 */
export default function DraftPreview() {
  const dispatch = useAppDispatch();
  const [note, setNote] = useState<string>(shopTexts.previewNote);
  useEffect(() => {
    apiRequest<SupportCatalogueResponse>('GET', API_ROUTES.supportCatalogue, { signedIn: true }).then(
      (view) => dispatch(draftPreviewed({ version: view.published.version, packs: view.draftShelf, nextChangeAt: null })),
      (error: unknown) => setNote(shopTexts.previewFailed(toApiError(error).message)),
    );
  }, [dispatch]);
  return <FormStatus>{note}</FormStatus>;
}
