import { useMutation, useQuery } from '@tanstack/react-query';
import { paymentsApi } from '@common/api/payments';
import { readBeforeUserNamed, UNNAMED_USER, useAuth } from '../../../app/auth';
import { callRaw, call } from '../../../lib/api';
import { offerDownload } from '../../../lib/download';
import { ORDERS_QUERY_ROOT } from '../../../lib/query-client';

/** The signed-in user's paid (and refunded) orders, newest first (`GET /api/myOrders`). */
export function useMyOrders(lng: string) {
  const { user } = useAuth();
  return useQuery({
    queryKey: [ORDERS_QUERY_ROOT, user?.id ?? UNNAMED_USER, lng],
    queryFn: () => call(paymentsApi.myOrders, {}),
    placeholderData: readBeforeUserNamed,
  });
}

/** Downloads an order's receipt (PDF, in the UI language). */
export function useDownloadReceipt() {
  return useMutation({
    mutationFn: async (order: string) => {
      const response = await callRaw(paymentsApi.orderReceipt, { params: { order_id: order } }, { quiet: true });
      offerDownload(await response.blob(), `plume-receipt-${order}.pdf`);
    },
  });
}
