import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { languageOfPath } from '@common/languages';
import { Screen } from '../../../components/screen';
import { paths } from '../../../lib/paths';

/** Purchase confirmation (spec section 2): needs ?order=…, else back to /; a link back to My Books. */
export function ThankYouPurchasePage() {
  const { t } = useTranslation('payments');
  const [params] = useSearchParams();
  const lng = languageOfPath(useLocation().pathname);
  const order = params.get('order');
  if (!order) return <Navigate to="/" replace />;
  return (
    <Screen title={t('thanks.title')} width="narrow" lead={t('thanks.lead')}>
      <p>{t('thanks.order', { order })}</p>
      <Link to={paths.myBooks(lng)}>{t('thanks.my_books')}</Link>
    </Screen>
  );
}
