/** The key's file under DATA_DIR: back it up with app.db (README, Backup and restore). */
export const MAIL_SEAL_KEY_FILE = 'mail-seal.key';
