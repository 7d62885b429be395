import { MyDataSection } from '../../features/account/components/my-data-section';
import { VoiceDataSection } from '../../features/audiobook/components/voice-data-section';
import { ProfilePage } from '../../features/auth/pages/profile-page';
import { OrdersList } from '../../features/payments/components/orders-list';

/** The profile page with the sections other features own: orders, voice data, my data. */
export function ProfileRoute() {
  return (
    <ProfilePage
      orders={<OrdersList />}
      accountSections={
        <>
          <VoiceDataSection />
          <MyDataSection />
        </>
      }
    />
  );
}
