import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SmartImage } from './smart-image';

describe('SmartImage', () => {
  it('reserves the aspect ratio and shows the image once loaded', () => {
    const { container } = render(
      <SmartImage src="/uploads/a.png" alt="封面" width={400} height={300} />,
    );
    const frame = container.firstElementChild as HTMLElement;
    expect(frame.style.aspectRatio).toBe('400 / 300');
    const img = screen.getByAltText('封面') as HTMLImageElement;
    expect(img.src).toBe(`${window.location.origin}/api/uploads/a.png`);
    expect(img.className).toMatch(/hidden/);
    fireEvent.load(img);
    expect(img.className).not.toMatch(/hidden/);
  });

  it('shows an eager image at once, without waiting for its load event', () => {
    render(<SmartImage src="/uploads/b.png" alt="首图" loading="eager" />);
    expect(screen.getByAltText('首图').className).not.toMatch(/hidden/);
  });

  it('shows the fallback image on error and does not retry it', () => {
    render(<SmartImage src="https://example.com/broken.png" alt="图" />);
    const img = screen.getByAltText('图') as HTMLImageElement;
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe('/images/fallback.png');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe('/images/fallback.png');
  });
});
