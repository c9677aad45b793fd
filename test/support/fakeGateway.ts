import { GatewayError, type GatewayClient } from '../../src/server/provider/gatewayClient';
import { providerAnswer } from '../../src/server/provider/providerAnswer';

/**
 * A provider whose answers a unit test sets per order: `statuses` holds what the query says (or the error it
 * throws), `refundFailures` the error a refund call throws; every refund call is recorded. A cancel answers
 * `cancelled` for an order the query calls pending (and sets it), else what the query says.
 */
export function fakeGateway() {
  const statuses = new Map<string, string | GatewayError>();
  const refundFailures = new Map<string, GatewayError>();
  const created: string[] = [];
  const refunds: Array<{ orderId: string; amount: string; idempotencyKey: string }> = [];
  const gateway: GatewayClient = {
    async createPayment(request) {
      const answer = statuses.get('*create*');
      if (answer instanceof GatewayError) throw answer;
      created.push(request.order_id);
      return { checkoutUrl: `http://127.0.0.1:3100/checkout/${request.order_id.toLowerCase()}` };
    },
    async queryStatus(orderId) {
      const answer = statuses.get(orderId) ?? 'pending';
      if (answer instanceof GatewayError) throw answer;
      return { answer: providerAnswer(answer) };
    },
    async refund(orderId, amount, idempotencyKey) {
      const failure = refundFailures.get(orderId);
      if (failure) throw failure;
      // One refund per order, as the provider's: asking again answers the same one.
      if (!refunds.some((refund) => refund.orderId === orderId)) refunds.push({ orderId, amount, idempotencyKey });
      return { refundId: `RFD-${orderId}` };
    },
    async cancelPayment(orderId) {
      const answer = statuses.get(orderId) ?? 'pending';
      if (answer instanceof GatewayError) throw answer;
      if (answer !== 'pending') return providerAnswer(answer);
      statuses.set(orderId, 'cancelled');
      return providerAnswer('cancelled');
    },
  };
  return { gateway, statuses, refundFailures, created, refunds };
}
