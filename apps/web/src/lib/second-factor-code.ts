/**
 * What a second-factor field takes (docs/adr/0022-investor-two-factor.md): the 6-digit code of an
 * authenticator app, or a recovery code of 10 letters and digits (a dash or space in the middle optional).
 */
export const SECOND_FACTOR_CODE = /^([0-9]{6}|[A-Za-z0-9]{5}[\s-]?[A-Za-z0-9]{5})$/;
