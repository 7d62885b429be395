import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DEFAULT_SERVICE_ID } from '@common/constants';
import type { GeneralCategory } from '@common/schemas/catalog';
import { Button } from '../../components/button';
import { failureStatus } from '../../lib/api';
import { paths } from '../../lib/paths';
import { useCurrentLanguage } from '../../lib/use-current-language';
import { useGeneralCategories } from './api/get-general-categories';
import { CategoryIllustration } from './components/category-illustration';
import styles from './general-categories-page.module.css';

/** Story choice (spec section 2): a card per category; active ones lead to the options of a new book. */
export function GeneralCategoriesPage() {
  const { t } = useTranslation();
  const lng = useCurrentLanguage();
  const serviceId = useParams().serviceId ?? String(DEFAULT_SERVICE_ID);
  const query = useGeneralCategories(serviceId, lng);

  return (
    <section className={styles.page} aria-labelledby="general-categories-title">
      <header className={styles.intro}>
        <p className={styles.eyebrow}>{t('categories.eyebrow')}</p>
        <h1 id="general-categories-title" className={styles.title}>
          {t('screens.general_categories')}
        </h1>
        <p className={styles.lead}>{t('categories.lead')}</p>
      </header>

      {query.isPending ? (
        <div className={styles.grid} aria-busy="true">
          <span className="visually-hidden" role="status">
            {t('loading')}
          </span>
          {[0, 1, 2].map((i) => (
            <div key={i} className={`${styles.card} ${styles.skeleton}`} aria-hidden="true">
              <div className={styles.art} />
              <div className={styles.body}>
                <span className={styles.skeletonLine} />
                <span className={`${styles.skeletonLine} ${styles.skeletonShort}`} />
              </div>
            </div>
          ))}
        </div>
      ) : query.isError ? (
        <div className={styles.problem} role="alert">
          <p>{failureStatus(query.error) === 404 ? t('categories.not_found') : t('categories.error')}</p>
          <Button variant="secondary" onClick={() => void query.refetch()} busy={query.isFetching}>
            {t('try_again')}
          </Button>
        </div>
      ) : query.data.length === 0 ? (
        <p className={styles.problem}>{t('categories.empty')}</p>
      ) : (
        <ul className={styles.grid} role="list">
          {query.data.map((category) => (
            <li key={category.id} className={styles.item}>
              <CategoryCard category={category} to={paths.generalCategoryOptions(lng, serviceId, category.id)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CategoryCard({ category, to }: { category: GeneralCategory; to: string }) {
  const { t } = useTranslation();
  const content = (
    <>
      <CategoryIllustration imageKey={category.image_key} className={styles.art} />
      <div className={styles.body}>
        <h2 className={styles.name}>{category.name}</h2>
        <p className={styles.description}>{category.description}</p>
        {category.is_active ? (
          <span className={styles.cta} aria-hidden="true">
            <span>{t('categories.start')}</span>
            <span className={styles.arrow}>→</span>
          </span>
        ) : null}
      </div>
    </>
  );
  if (!category.is_active) {
    // Inactive categories do nothing (spec section 2): shown, announced as unavailable, not a link.
    return (
      <div role="link" aria-disabled="true" className={`${styles.card} ${styles.disabled}`} data-category-id={category.id}>
        {content}
      </div>
    );
  }
  return (
    <Link to={to} className={styles.card} data-category-id={category.id}>
      {content}
    </Link>
  );
}
