import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './avatar';

describe('Avatar', () => {
  it('swaps a broken picture for the default head', () => {
    render(<Avatar src="https://example.com/me.png" alt="小明" size={32} />);
    const img = screen.getByAltText('小明');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe('/images/default_head.png');
  });

  it('uses the default head when there is no picture', () => {
    render(<Avatar alt="小红" size={32} />);
    expect(screen.getByAltText('小红').getAttribute('src')).toBe('/images/default_head.png');
  });
});
