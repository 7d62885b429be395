/**
 * Operator command for coupons (no admin UI): `npm run coupon -- create --code SPRING --uses 100
 * [--expires 2027-01-01]`, `list`, `deactivate --code …`, `activate --code …`. Uses the same
 * configuration as the server (DATA_DIR or DATABASE_URL); see docs/operations.md.
 */
import { runCouponCommand } from '../server/src/coupons/command';

process.exitCode = await runCouponCommand(process.argv.slice(2));
