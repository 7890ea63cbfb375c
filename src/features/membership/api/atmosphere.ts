import type { AtmosphereMe, AtmosphereRules } from '../../../../contract/atmosphere';
import { api } from '../../../lib/api/client';

export const getAtmosphereRules = () => api.get<AtmosphereRules>('/api/atmosphere/rules');

export const getAtmosphereMe = () => api.get<AtmosphereMe>('/api/atmosphere/me');
