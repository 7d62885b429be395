import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { ACCEPTED_IMAGE_TYPES, CHAPTER_PHOTO_SLOTS, MAX_IMAGE_BYTES } from '@common/constants';
import { chapterPhotoKey, COVER_IMAGE_KEY } from '@common/image-keys';
import { Button } from '../../../components/button';
import { useWorkspaceActions } from './workspace-context';
import { useWhenNearScreen } from '../../../lib/use-when-near-screen';
import styles from '../workspace.module.css';

/** jpeg/png up to 300 KB (spec section 5); false (with the spec's message) otherwise. */
function acceptable(file: File, tooBig: string, wrongType: string): boolean {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    toast.error(wrongType);
    return false;
  }
  if (file.size > MAX_IMAGE_BYTES) {
    toast.error(tooBig);
    return false;
  }
  return true;
}

function useAttach(onFile: (file: File) => Promise<void>) {
  const { t } = useTranslation('workspace');
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const element = (
    <input
      ref={input}
      type="file"
      accept="image/jpeg,image/png,.jpg,.jpeg,.png"
      className={styles.visuallyHidden}
      tabIndex={-1}
      aria-hidden="true"
      onChange={async (e) => {
        const file = e.target.files?.[0];
        e.target.value = '';
        if (!file || !acceptable(file, t('messages.image_is_too_big'), t('messages.image_wrong_type'))) return;
        setBusy(true);
        try {
          await onFile(file);
        } finally {
          setBusy(false);
        }
      }}
    />
  );
  return { open: () => input.current?.click(), busy, element };
}

/** The cover thumbnail of the header: preview, change, remove. */
export function CoverSlot({ fallback }: { fallback: string }) {
  const { t } = useTranslation('workspace');
  const { images, storedImages, setImage } = useWorkspaceActions();
  const src = images[COVER_IMAGE_KEY];
  // the buttons follow the book having a cover, not its picture having arrived: they do not change under the reader
  const hasCover = storedImages.has(COVER_IMAGE_KEY);
  const attach = useAttach((file) => setImage(COVER_IMAGE_KEY, file));
  return (
    <div className={styles.cover}>
      {src ? (
        <img src={src} alt={t('images.cover_alt')} className={styles.coverImage} />
      ) : (
        <div className={styles.coverPlaceholder} aria-hidden="true">
          {hasCover ? null : fallback}
        </div>
      )}
      <div className={styles.coverActions}>
        <button type="button" className={styles.linkButton} onClick={attach.open} disabled={attach.busy}>
          {hasCover ? t('images.change_cover') : t('images.add_cover')}
        </button>
        {hasCover ? (
          <button type="button" className={styles.linkButton} onClick={() => void setImage(COVER_IMAGE_KEY, null)}>
            {t('images.remove')}
          </button>
        ) : null}
      </div>
      {attach.element}
    </div>
  );
}

/** Two photo slots per chapter: previews with remove, and one attach button disabled when both are used. */
export function ChapterPhotos({ chapterId, disabled }: { chapterId: number; disabled?: boolean }) {
  const { t } = useTranslation('workspace');
  const { images, storedImages, wantImages, setImage } = useWorkspaceActions();
  const keys = Array.from({ length: CHAPTER_PHOTO_SLOTS }, (_, slot) => chapterPhotoKey(chapterId, slot as 0 | 1));
  const used = keys.filter((key) => storedImages.has(key));
  const free = keys.find((key) => !storedImages.has(key));
  const attach = useAttach((file) => (free ? setImage(free, file) : Promise.resolve()));
  // the photos' previews are asked for when they come near the screen
  const watch = useWhenNearScreen<HTMLDivElement>(() => wantImages(used));
  return (
    <div className={styles.photos} ref={watch}>
      {used.length > 0 ? (
        <ul className={styles.photoList}>
          {used.map((key, i) => (
            <li key={key} className={styles.photo}>
              {images[key] ? (
                <img src={images[key]} alt={t('images.photo_alt', { n: i + 1 })} />
              ) : (
                <span className={styles.photoPending} role="img" aria-label={t('images.photo_alt', { n: i + 1 })} />
              )}
              {!disabled ? (
                <button type="button" className={styles.linkButton} onClick={() => void setImage(key, null)}>
                  {t('images.remove')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {!disabled ? (
        <Button variant="ghost" onClick={attach.open} disabled={!free} busy={attach.busy}>
          {free
            ? t('images.add_photo', { used: used.length, max: CHAPTER_PHOTO_SLOTS })
            : t('images.photos_full', { max: CHAPTER_PHOTO_SLOTS })}
        </Button>
      ) : null}
      {attach.element}
    </div>
  );
}
