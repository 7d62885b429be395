import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Language } from '@common/constants';
import { audiobookApi } from '@common/api/audiobook';
import { call } from '../../../lib/api';
import { paths } from '../../../lib/paths';

/**
 * The workspace's audiobook button: an audiobook being made (or made) opens its page, with its
 * progress; otherwise it starts with a voice sample, then the payment. Guests cannot order one (the
 * plans ask them to sign in). My Books' audiobook shortcut arrives with the voice sample open.
 */
export function useAudiobookStart({
  sessionId,
  lng,
  isLoggedIn,
  openPlanModal,
}: {
  sessionId: number;
  lng: Language;
  isLoggedIn: boolean;
  openPlanModal: () => void;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const [voiceSampleOpen, setVoiceSampleOpen] = useState(() => Boolean((location.state as { audiobook?: boolean } | null)?.audiobook));

  const start = async () => {
    if (!isLoggedIn) return openPlanModal();
    const made = await call(audiobookApi.audiobookStatus, { params: { service_session_id: sessionId } }, { quiet: true }).catch(() => null);
    if (made && made.state !== 'paid' && made.state !== 'failed') navigate(paths.audiobook(lng, sessionId));
    else setVoiceSampleOpen(true);
  };
  const continueToPayment = async () => {
    const quota = await call(audiobookApi.checkAudiobookQuota, { body: { service_session_id: sessionId } });
    navigate(paths.audiobookPayment(lng), { state: { service_session_id: sessionId, price: quota.price } });
  };

  return { start, continueToPayment, voiceSampleOpen, setVoiceSampleOpen };
}
