import type { SessionUser } from '@registrar/contracts';
import { api } from '../../lib/api';

export interface MypageUser extends SessionUser {
  company_name: string | null;
  type: 1 | 2 | null;
  address_type: 0 | 1 | null;
  country_code: string | null;
  post_code: string | null;
  prefecture: string | null;
  address1: string | null;
  address2: string | null;
  address3: string | null;
  phone: string | null;
  authenticated_phone: string | null;
  has_prior_usage: boolean;
}

export const mypageUserQuery = { queryKey: ['mypage', 'user'] as const, queryFn: () => api<{ user: MypageUser }>('/mypage/user') };

export const userInfoApi = {
  update: (body: Record<string, unknown>) => api<{ success: boolean; message: string }>('/address/update', { body }),
  smsSend: (phone: string) => api<{ success: boolean; phone: string; message: string }>('/mypage/auth/sms/send', { body: { phone } }),
  smsVerify: (phone: string, code: string) => api<{ success: boolean; phone: string; message: string }>('/mypage/auth/sms/verify', { body: { phone, code } }),
  identityApply: () => api<{ success: boolean; message: string; identity_verify_status: number }>('/mypage/auth/identity/apply', { body: {} }),
};
