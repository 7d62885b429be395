import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { languageOfPath } from '@common/languages';
import { Screen } from '../../../components/screen';
import { paths } from '../../../lib/paths';
import styles from '../../../components/checkout/card-form.module.css';

/** Purchase confirmation (spec section 2): needs ?order=…, else back to /; a link back to My Books. */
export function ThankYouPurchasePage() {
  const { t } = useTranslation('payments');
  const [params] = useSearchParams();
  const location = useLocation();
  const lng = languageOfPath(location.pathname);
  const order = params.get('order');
  // A gift card's buyer arrives with the recipient's address (and may be a visitor without books).
  const arrival = location.state as { gift_email?: string; subscription?: boolean } | null;
  const giftEmail = arrival?.gift_email;
  if (!order) return <Navigate to="/" replace />;
  return (
    <Screen
      title={t('thanks.title')}
      width="narrow"
      lead={
        giftEmail ? t('thanks.lead_gift', { email: giftEmail }) : arrival?.subscription ? t('thanks.lead_subscription') : t('thanks.lead')
      }
    >
      <p>{t('thanks.order', { order })}</p>
      <p className={styles.links}>
        <Link to={paths.myBooks(lng)}>{t('thanks.my_books')}</Link>
        {giftEmail ? <Link to={paths.giftCard(lng)}>{t('thanks.another_gift')}</Link> : null}
      </p>
    </Screen>
  );
}
