import { Pin, PinOff } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { notify } from '../../../lib/notify';
import { pinPost, unpinPost } from '../api/pin-post';
import { profileTexts } from '../texts';

/** 置顶 / 取消置顶 under one of the author's published notes. */
export function PinButton({
  postId,
  pinned,
  onChange,
}: {
  postId: string;
  pinned: boolean;
  onChange: (pinnedPostId: string | null) => void;
}) {
  const [busy, setBusy] = useState(false);
  async function toggle() {
    setBusy(true);
    try {
      const result = await (pinned ? unpinPost(postId) : pinPost(postId));
      notify.success(pinned ? profileTexts.unpinned : profileTexts.pinned);
      onChange(result.pinnedPostId);
    } catch (error) {
      notify.failure(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button size="small" variant="ghost" loading={busy} onClick={() => void toggle()}>
      {pinned ? <PinOff size={14} aria-hidden /> : <Pin size={14} aria-hidden />}
      {pinned ? profileTexts.unpin : profileTexts.pin}
    </Button>
  );
}
