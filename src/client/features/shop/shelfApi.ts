import { API_ROUTES, type ShelfResponse } from '../../../shared/api';
import { apiRequest } from '../../lib/apiClient';

/** The published shelf at this moment (anyone may read it). */
export const readShelf = () => apiRequest<ShelfResponse>('GET', API_ROUTES.catalogue, { signedIn: false });

/** Whether the tab is in the background, where a shelf nobody sees need not be read. */
export const isPageHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';
