import type { ReactNode } from 'react';
import * as Dialog from 'radix-ui/dialog';
import { useTranslation } from 'react-i18next';
import styles from './modal.module.css';

/** An accessible dialog (Radix): focus trapped, Escape closes, title announced. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  width = 560,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  width?: number;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content} style={{ maxWidth: width }} aria-describedby={description ? undefined : undefined}>
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          {description ? <Dialog.Description className={styles.description}>{description}</Dialog.Description> : null}
          {children}
          <Dialog.Close className={styles.close} aria-label={t('close')}>
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
