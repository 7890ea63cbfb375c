import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge } from './badge';

describe('Badge', () => {
  it('shows the count, caps it at 99+ and hides at zero', () => {
    expect(render(<Badge count={7} />).container.textContent).toBe('7');
    expect(render(<Badge count={99} />).container.textContent).toBe('99');
    expect(render(<Badge count={100} />).container.textContent).toBe('99+');
    expect(render(<Badge count={0} />).container.textContent).toBe('');
  });
});
