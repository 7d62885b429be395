import * as DropdownMenu from 'radix-ui/dropdown-menu';
import { useTranslation } from 'react-i18next';
import type { IntentProps } from '../../lib/on-intent';
import { Link } from 'react-router';
import { ProfileFace, triggerClass } from './menu-faces';
import { useAccountLinks } from './use-header-links';
import { useLogout } from './use-logout';
import styles from './menu.module.css';

/** The signed-in user's menu: greeting, My profile, My subscription or Upgrade account, Logout. */
export function ProfileMenu({ defaultOpen = false, autoFocus = false }: IntentProps) {
  const { t } = useTranslation();
  const { greeting, links } = useAccountLinks();
  const logout = useLogout();
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        className={triggerClass.profile}
        autoFocus={autoFocus}
        aria-label={t('header.profile_menu')}
        data-testid="profile-menu"
      >
        <ProfileFace />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} align="end" sideOffset={8} collisionPadding={12}>
          <DropdownMenu.Label className={styles.greeting}>{greeting}</DropdownMenu.Label>
          <DropdownMenu.Separator className={styles.separator} />
          {links.map((link) => (
            <DropdownMenu.Item key={link.key} asChild className={styles.item}>
              <Link to={link.to} data-testid={`account-${link.key}`}>
                {link.label}
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Item className={styles.item} onSelect={() => void logout()} data-testid="account-logout">
            {t('header.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
