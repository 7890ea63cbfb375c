import { Download } from 'lucide-react';
import { buttonClass } from '../../components/button';
import { acceptInstallOffer, useInstallStore } from './install-prompt';
import { offlineTexts } from './texts';

/** 安装应用: only where the browser offers installation (beforeinstallprompt fired). */
export function InstallButton({ className }: { className?: string }) {
  const offer = useInstallStore((state) => state.offer);
  if (!offer) return null;
  return (
    <button
      type="button"
      className={[buttonClass({ variant: 'secondary', size: 'small' }), className]
        .filter(Boolean)
        .join(' ')}
      title={offlineTexts.install.hint}
      onClick={() => void acceptInstallOffer()}
    >
      <Download size={16} aria-hidden />
      {offlineTexts.install.button}
    </button>
  );
}
