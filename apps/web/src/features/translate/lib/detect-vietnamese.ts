// Letters found in Vietnamese but not in French, Spanish or German: ă, đ, ơ, ư, and vowels with
// a hook above, a dot below, or a circumflex or breve combined with a tone mark.
const VIETNAMESE_LETTERS =
  /[ăđơưĂĐƠƯảẻỉỏủỷẢẺỈỎỦỶạẹịọụỵẠẸỊỌỤỴẽĩũỹẼĨŨỸằắẳẵặầấẩẫậềếểễệồốổỗộờớởỡợừứửữựẰẮẲẴẶẦẤẨẪẬỀẾỂỄỆỒỐỔỖỘỜỚỞỠỢỪỨỬỮỰ]/;

// Frequent Vietnamese words as typed without accents, for text written without diacritics.
const COMMON_WORDS = new Set([
  'va',
  'cua',
  'cho',
  'cac',
  'nhung',
  'mot',
  'nhieu',
  'duoc',
  'khong',
  'trong',
  'voi',
  'nay',
  'la',
  'co',
  'de',
  'khi',
  'tu',
  'den',
  'nguoi',
  'dung',
  'tao',
  'gui',
  'nhan',
  'tin',
  'hang',
  'ban',
  'quan',
  'ly',
  'tu',
  'dong',
  'hoa',
  'du',
  'lieu',
  'cong',
  'viec',
  'thong',
  'bao',
  'khach',
  'moi',
  'se',
  'da',
  'dang',
  'bang',
  'theo',
  'vao',
  'ra',
  'lai',
  'neu',
  'thi',
  'cung',
  'nhu',
  'hay',
  'hoac',
  'tai',
  've',
  'sau',
  'truoc',
  'ngay',
  'gio',
]);

const COMMON_WORD_SHARE = 0.1;

/** Vietnamese by its diacritics, or when more than 10 % of the words are common Vietnamese words. */
export function looksVietnamese(text: string): boolean {
  if (!text.trim()) return false;
  if (VIETNAMESE_LETTERS.test(text)) return true;
  const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
  if (words.length === 0) return false;
  const common = words.filter((word) => COMMON_WORDS.has(word)).length;
  return common / words.length > COMMON_WORD_SHARE;
}
