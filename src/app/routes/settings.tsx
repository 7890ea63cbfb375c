import { lazy, Suspense } from 'react';
import { PageMeta } from '../../components/page-meta';
import { Spinner } from '../../components/spinner';
import { ChangePasswordForm } from '../../features/auth/components/account/change-password-form';
import { LogoutEverywhere } from '../../features/auth/components/account/logout-everywhere';
import { PhoneBinding } from '../../features/auth/components/account/phone-binding';
import { SocialBindings } from '../../features/auth/components/account/social-bindings';
import { AppearancePicker } from '../../features/settings/components/appearance-picker';
import { NotificationPreferences } from '../../features/settings/components/notification-preferences';
import { ProfileForm } from '../../features/settings/components/profile-form';
import {
  SectionParts,
  SettingsLayout,
  SettingsState,
} from '../../features/settings/components/settings-layout';
import type { SettingsSection } from '../../features/settings/components/settings-layout';
import { useAccount } from '../../features/settings/hooks/use-account';
import { settingsTexts } from '../../features/settings/texts';

const { sections: titles } = settingsTexts;

// Web Push code loads only when the settings page is open, in a chunk of its own.
const PushNotifications = lazy(
  () => import('../../features/settings/components/push-notifications'),
);

/**
 * /settings: the settings feature's own sections (profile, notifications, appearance) and the
 * sign-in feature's (password, phone, WeChat/QQ, log out everywhere) on one page.
 */
export default function SettingsPage() {
  const { data: account, error, mutate, save, patch } = useAccount();

  let body = <SettingsState error={error} onRetry={() => void mutate()} />;
  if (account) {
    const sections: SettingsSection[] = [
      {
        id: 'profile',
        title: titles.profile,
        content: <ProfileForm account={account} onSaved={save} />,
      },
      {
        id: 'security',
        title: titles.security,
        content: (
          <SectionParts>
            <ChangePasswordForm
              hasPassword={account.hasPassword}
              onChanged={() => patch((current) => ({ ...current, hasPassword: true }))}
            />
            <PhoneBinding phone={account.phone} onBound={save} />
          </SectionParts>
        ),
      },
      { id: 'social', title: titles.social, content: <SocialBindings /> },
      {
        id: 'notifications',
        title: titles.notifications,
        description: settingsTexts.notifications.hint,
        content: (
          <NotificationPreferences
            preferences={account.settings.notifications}
            onSaved={(notifications) =>
              patch((current) => ({ ...current, settings: { ...current.settings, notifications } }))
            }
          />
        ),
      },
      {
        id: 'push',
        title: titles.push,
        description: settingsTexts.push.hint,
        content: (
          <Suspense fallback={<Spinner label={settingsTexts.push.checking} />}>
            <PushNotifications
              preferences={account.settings.push}
              onSaved={(push) =>
                patch((current) => ({ ...current, settings: { ...current.settings, push } }))
              }
            />
          </Suspense>
        ),
      },
      {
        id: 'appearance',
        title: titles.appearance,
        description: settingsTexts.appearance.hint,
        content: (
          <AppearancePicker
            onSaved={(theme) =>
              patch((current) => ({ ...current, settings: { ...current.settings, theme } }))
            }
          />
        ),
      },
      { id: 'sessions', title: titles.sessions, danger: true, content: <LogoutEverywhere /> },
    ];
    body = <SettingsLayout sections={sections} />;
  }

  return (
    <>
      <PageMeta title={settingsTexts.title} description={settingsTexts.description} noindex />
      {body}
    </>
  );
}
