/**
 * Operator command: refund a paid order and take back what it unlocked —
 * `npm run refund -- <order reference>`. Same configuration as the server; see docs/payments.md.
 */
import { runRefundCommand } from '../server/src/payments/refund';

process.exitCode = await runRefundCommand(process.argv.slice(2));
