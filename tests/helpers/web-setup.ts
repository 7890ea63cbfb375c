import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// `findBy…` and `waitFor` wait up to 1 s by default. The suite runs its projects side by side on
// a 2-core machine, and there a dialog that follows a click took longer than that (CI's run of
// paywall-card.test.tsx, 1,177 ms). What they wait for must still come; it may come later.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
