import { useTranslation } from 'react-i18next';
import { Screen } from '../../../components/screen';

export function MyBooksPage() {
  const { t } = useTranslation();
  return <Screen title={t('screens.my_books')} />;
}
