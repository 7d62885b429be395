import { useTranslation } from 'react-i18next';
import { Screen } from '../../../components/screen';

export function GiftCardPage() {
  const { t } = useTranslation();
  return <Screen title={t('screens.gift_card')} />;
}
