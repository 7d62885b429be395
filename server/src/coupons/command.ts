import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createDb, migrateToLatest, nowIso, toBool } from '../db';
import { listCoupons, setCouponActive, type CouponRow } from './repository';
import { createCoupon, CouponInputError, normalizeCouponCode } from './service';

const COUPON_USAGE = `Usage:
  npm run coupon -- create --code SPRING --uses 100 [--expires 2027-01-01] [--grants book]
  npm run coupon -- create --code TENOFF --uses 100 --grants percent --percent 10
  npm run coupon -- list
  npm run coupon -- deactivate --code SPRING
  npm run coupon -- activate --code SPRING

Works on the database the server uses: DATABASE_URL (PostgreSQL) if set, else DATA_DIR/plume.sqlite.
--expires takes YYYY-MM-DD (the coupon stops working at 00:00 UTC that day) or an ISO date-time with a zone.`;

function describe(coupon: CouponRow): string {
  const state = toBool(coupon.is_active) ? 'active' : 'inactive';
  const expiry = coupon.expires_at ? `expires ${coupon.expires_at}` : 'no expiry';
  const grants = coupon.grants === 'percent' ? `${coupon.percent_off} % off` : coupon.grants;
  return `${coupon.code}\t${grants}\t${coupon.redemptions}/${coupon.max_redemptions} used\t${expiry}\t${state}`;
}

export interface CommandIo {
  env?: NodeJS.ProcessEnv;
  out?: (line: string) => void;
  err?: (line: string) => void;
}

/**
 * The operator command behind `npm run coupon` (scripts/coupon.ts). Returns the exit code:
 * 0 done, 1 refused (bad input, existing or unknown code), 2 usage.
 */
export async function runCouponCommand(argv: string[], io: CommandIo = {}): Promise<number> {
  const out = io.out ?? ((line: string) => console.log(line));
  const err = io.err ?? ((line: string) => console.error(line));
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        code: { type: 'string' },
        uses: { type: 'string' },
        expires: { type: 'string' },
        grants: { type: 'string' },
        percent: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    err(`${(error as Error).message}\n\n${COUPON_USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const action = positionals[0];
  if (values.help || !action || positionals.length > 1 || !['create', 'list', 'deactivate', 'activate'].includes(action)) {
    (values.help ? out : err)(COUPON_USAGE);
    return values.help ? 0 : 2;
  }
  if (action !== 'list' && !values.code) {
    err(`--code is required\n\n${COUPON_USAGE}`);
    return 2;
  }
  if (action === 'create' && (!values.uses || !/^\d+$/.test(values.uses))) {
    err(`--uses is required: a whole number of uses\n\n${COUPON_USAGE}`);
    return 2;
  }

  const db = createDb(loadConfig(io.env ?? process.env));
  try {
    await migrateToLatest(db);
    if (action === 'create') {
      const coupon = await createCoupon(db, {
        code: values.code!,
        uses: Number(values.uses),
        expires: values.expires ?? null,
        grants: values.grants,
        percent: values.percent === undefined ? undefined : Number(values.percent),
      });
      out(`Created coupon ${describe(coupon)}`);
    } else if (action === 'list') {
      const coupons = await listCoupons(db);
      out(coupons.length ? coupons.map(describe).join('\n') : 'No coupons yet.');
    } else {
      const code = normalizeCouponCode(values.code!);
      if (!(await setCouponActive(db, code, action === 'activate', nowIso()))) throw new CouponInputError(`no coupon ${code}`);
      out(`Coupon ${code} ${action}d.`);
    }
    return 0;
  } catch (error) {
    if (error instanceof CouponInputError) {
      err(`Refused: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await db.destroy();
  }
}
