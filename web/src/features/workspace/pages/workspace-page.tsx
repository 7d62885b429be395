import { useTranslation } from 'react-i18next';
import { Screen } from '../../../components/screen';

export function WorkspacePage() {
  const { t } = useTranslation();
  return <Screen title={t('screens.workspace')} />;
}
