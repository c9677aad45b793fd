import type { ApiErrorBody } from '../../../shared/api';
import type { OrderView } from '../../../shared/orders/orderView';
import type { ApiFailure } from '../../lib/apiClient';

/** Where news of an order came from ('restore': read again after this tab was reloaded). */
export type OrderSource = 'listener' | 'return' | 'reconcile' | 'poll' | 'restore';

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** Why something the payment asked failed, in the API's words; `openOrderCap` when the player's unpaid orders fill the cap. */
export type Failure = { message: string; failure: ApiFailure; reason?: ApiErrorBody['reason'] };

/** A reading of an order, with where it came from: what the order events of the payment machine carry. */
export type OrderNewsPayload = { order: OrderView; source: OrderSource };
