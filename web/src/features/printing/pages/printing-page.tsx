import { useTranslation } from 'react-i18next';
import { Screen } from '../../../components/screen';

export function PrintingPage() {
  const { t } = useTranslation();
  return <Screen title={t('screens.printing')} />;
}
