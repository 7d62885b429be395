import { useTranslation } from 'react-i18next';
import { Screen } from '../../../components/screen';

export function GiftCardPaymentPage() {
  const { t } = useTranslation();
  return <Screen title={t('screens.gift_card_payment')} />;
}
