import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { shelfAt } from '../../../../shared/catalogue';
import { PREVIEW_AT_PARAM } from '../../../../shared/routes';
import { storeTimeFormat } from '../../../../shared/storeTime';
import { useAppConfig } from '../../../config/appConfig';
import { API_ROUTES, type SupportCatalogueResponse } from '../../../../shared/api';
import { FormStatus } from '../../../components/form/FormFeedback';
import { useAppDispatch } from '../../../wiring/hooks';
import { apiRequest, toApiError } from '../../../lib/apiClient';
import { draftPreviewed } from '../shopSlice';
import { shopTexts } from '../shopTexts';

/**
 * The shop with the saved draft's packs, for staff in the console's preview frames (the API answers the draft to staff
 * alone), as its shelf is at the moment the console asks (?at=, ms; now without one): a pack scheduled for another time
 * is not shown. Nothing is bought from a preview that a player's shop would not sell (the server prices and refuses
 * every order by the published shelf).
 */
export default function DraftPreview() {
  const dispatch = useAppDispatch();
  const [searchParams] = useSearchParams();
  const given = Number(searchParams.get(PREVIEW_AT_PARAM));
  const at = Number.isFinite(given) && given > 0 ? given : Date.now();
  const { timeZone } = useAppConfig();
  const [note, setNote] = useState<string>(shopTexts.previewNote(storeTimeFormat(timeZone).dateTime(at)));
  useEffect(() => {
    apiRequest<SupportCatalogueResponse>('GET', API_ROUTES.supportCatalogue, { signedIn: true }).then(
      (view) => dispatch(draftPreviewed({ version: view.published.version, packs: shelfAt({ version: view.published.version, packs: view.draftShelf }, at), nextChangeAt: null })),
      (error: unknown) => setNote(shopTexts.previewFailed(toApiError(error).message)),
    );
  }, [dispatch, at]);
  return <FormStatus>{note}</FormStatus>;
}
