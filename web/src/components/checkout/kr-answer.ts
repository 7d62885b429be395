import type { KrAnswerFields } from '@common/schemas/payments';

/** The parts of a signed `kr-answer` the browser reads (the server checks the signature, not the browser). */
export interface ClientAnswer {
  orderStatus: string;
  orderId: string;
  /** Why a payment was refused (Lyra's detailedErrorCode), when it was. */
  refusal: string | null;
}

export function readAnswer(fields: KrAnswerFields): ClientAnswer {
  const answer = JSON.parse(fields['kr-answer']) as {
    orderStatus: string;
    orderDetails: { orderId: string };
    transactions?: Array<{ detailedErrorCode?: string | null; errorCode?: string | null }>;
  };
  const transaction = answer.transactions?.[0];
  return {
    orderStatus: answer.orderStatus,
    orderId: answer.orderDetails.orderId,
    refusal: transaction?.detailedErrorCode ?? transaction?.errorCode ?? null,
  };
}
