import type { Response } from 'express';
import { SUCCESS_MSG } from '../shared/paymentProtocol';
import { z } from 'zod';

/** What the sandbox can do wrong on purpose, for tests: globally, for one buyer's email, or for one order. */
export const endpointFaultSchema = z.object({
  latencyMs: z.number().int().min(0).max(120_000).optional(),
  /** Answer with this HTTP status (e.g. 503) and no usable body. */
  httpStatus: z.number().int().min(400).max(599).optional(),
  /** Answer 200 with a body that is not JSON. */
  garbage: z.boolean().optional(),
  /** Answer 200 with this msg instead of SUCCESS. */
  msg: z.string().optional(),
  /** Answer the query with SUCCESS and this status word (e.g. processing) instead of the order's. */
  status: z.string().regex(/^[a-z_]{1,32}$/).optional(),
});

export const callbackFaultSchema = z.object({
  /** Send the callback this many extra times. */
  duplicates: z.number().int().min(0).max(100).optional(),
  /** Send it only after this long. */
  delayMs: z.number().int().min(0).max(600_000).optional(),
  /** Never send it. */
  none: z.boolean().optional(),
});

export const faultsSchema = z.object({
  payment: endpointFaultSchema.optional(),
  query: endpointFaultSchema.optional(),
  refund: endpointFaultSchema.optional(),
  cancel: endpointFaultSchema.optional(),
  callback: callbackFaultSchema.optional(),
});

export type EndpointFault = z.infer<typeof endpointFaultSchema>;
export type Faults = z.infer<typeof faultsSchema>;

/** Where a fault applies: one order, every payment of one buyer's email (a test's own player), or else every payment. */
export interface FaultScope {
  orderId?: string;
  email?: string;
}

export class FaultBook {
  private global: Faults = {};
  private readonly byOrder = new Map<string, Faults>();
  private readonly byEmail = new Map<string, Faults>();

  /** `emailOf`: the buyer's email of an order the sandbox knows, so a buyer's faults reach its query, refund and callbacks too. */
  constructor(private readonly emailOf: (orderId: string) => string | undefined = () => undefined) {}

  set(faults: Faults, scope: FaultScope = {}): void {
    if (scope.orderId) this.byOrder.set(scope.orderId, faults);
    else if (scope.email) this.byEmail.set(scope.email.toLowerCase(), faults);
    else this.global = faults;
  }

  clear(): void {
    this.global = {};
    this.byOrder.clear();
    this.byEmail.clear();
  }

  /** The order's own faults win over its buyer's, which win over the global ones. */
  for(orderId: string | undefined, email = orderId ? this.emailOf(orderId) : undefined): Faults {
    return { ...this.global, ...(email ? this.byEmail.get(email.toLowerCase()) : undefined), ...(orderId ? this.byOrder.get(orderId) : undefined) };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Applies an endpoint fault. Returns true when the fault has answered the request itself. */
export async function misbehave(fault: EndpointFault | undefined, res: Response): Promise<boolean> {
  if (!fault) return false;
  if (fault.latencyMs) await sleep(fault.latencyMs);
  if (fault.httpStatus) {
    res.status(fault.httpStatus).type('text').send('upstream trouble');
    return true;
  }
  if (fault.garbage) {
    res.status(200).type('html').send('<html><body>Gateway maintenance %%%</body>');
    return true;
  }
  if (fault.msg) {
    res.json({ msg: fault.msg });
    return true;
  }
  if (fault.status) {
    res.json({ msg: SUCCESS_MSG, status: fault.status });
    return true;
  }
  return false;
}
