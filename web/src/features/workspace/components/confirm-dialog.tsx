import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { LazyModal as Modal } from '../../../components/lazy-modal';
import styles from '../workspace.module.css';

export interface ConfirmOptions {
  title: string;
  body?: string;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
}

/** A yes/no dialog used as `await confirm({...})`. */
export function useConfirm() {
  const { t } = useTranslation('workspace');
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((value: boolean) => void) | null>(null);
  const confirm = useCallback((next: ConfirmOptions) => {
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const close = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setOptions(null);
  };
  const dialog = (
    <Modal open={options !== null} onOpenChange={(open) => !open && close(false)} title={options?.title ?? ''} description={options?.body}>
      <div className={styles.rowActions}>
        <Button variant={options?.danger ? 'danger' : 'primary'} onClick={() => close(true)}>
          {options?.confirmLabel}
        </Button>
        <Button variant="ghost" onClick={() => close(false)}>
          {options?.cancelLabel ?? t('actions.cancel')}
        </Button>
      </div>
    </Modal>
  );
  return { confirm, dialog };
}
