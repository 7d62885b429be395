import { useTranslation } from 'react-i18next';
import { Screen } from '../../components/screen';

export function GeneralCategoriesPage() {
  const { t } = useTranslation();
  return <Screen title={t('screens.general_categories')} />;
}
