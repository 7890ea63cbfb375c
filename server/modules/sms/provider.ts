/** Sends the verification codes: the log by default, Aliyun when configured. */
export interface SmsProvider {
  /** `log` writes codes to the server log (development); `sms` really sends them. */
  readonly delivery: 'log' | 'sms';
  /** Resolves once the provider has accepted the message; rejects when it refuses. */
  sendCode(phone: string, code: string): Promise<void>;
}
