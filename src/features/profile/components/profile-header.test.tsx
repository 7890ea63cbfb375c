import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '../../../../contract/user';
import { ProfileHeader } from './profile-header';

const user = {
  id: '7',
  username: '新作者',
  avatar: null,
  bio: '',
  postsCount: 0,
  totalLikes: 0,
  followersCount: 0,
  followingCount: 0,
} as unknown as User;

const totalLabels = () =>
  [...document.querySelectorAll('dt')].map((term) => term.textContent ?? '');

describe('ProfileHeader', () => {
  it('calls the count of the own profile 已发布, as its list also holds notes under review', () => {
    render(<ProfileHeader user={user} own />);
    expect(totalLabels()).toEqual(['已发布', '获赞', '粉丝', '关注']);
    expect(screen.queryByText('笔记')).toBeNull();
  });

  it('calls it 笔记 on someone else’s profile, where only published notes are listed', () => {
    render(<ProfileHeader user={user} />);
    expect(totalLabels()[0]).toBe('笔记');
  });
});
