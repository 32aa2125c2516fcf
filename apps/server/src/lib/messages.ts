import type { ErrorCode, Language, ValidationKey } from '@flowbay/domain';

/** The error messages the API sends, in the caller's language (the web app has its own copies). */
const MESSAGES: Record<ErrorCode, Record<Language, string>> = {
  VALIDATION_FAILED: {
    en: 'Some of the data sent is not valid.',
    vi: 'Một số dữ liệu gửi lên không hợp lệ.',
  },
  NOT_FOUND: { en: 'Not found.', vi: 'Không tìm thấy.' },
  WORKFLOW_NOT_FOUND: { en: 'Workflow not found.', vi: 'Không tìm thấy workflow.' },
  PROFILE_NOT_FOUND: { en: 'Profile not found.', vi: 'Không tìm thấy hồ sơ.' },
  VERSION_NOT_FOUND: { en: 'Version not found.', vi: 'Không tìm thấy phiên bản.' },
  UNAUTHENTICATED: { en: 'You need to sign in.', vi: 'Bạn cần đăng nhập.' },
  FORBIDDEN: { en: 'You are not allowed to do this.', vi: 'Bạn không có quyền thực hiện thao tác này.' },
  EMAIL_NOT_VERIFIED: {
    en: 'Please confirm your e-mail address first.',
    vi: 'Vui lòng xác nhận địa chỉ e-mail trước.',
  },
  USER_ALREADY_EXISTS: { en: 'This email already exists.', vi: 'Email này đã tồn tại.' },
  INVALID_EMAIL_OR_PASSWORD: { en: 'Wrong e-mail or password.', vi: 'E-mail hoặc mật khẩu không đúng.' },
  INVALID_EMAIL: { en: 'This e-mail address is not valid.', vi: 'Địa chỉ e-mail không hợp lệ.' },
  INVALID_TOKEN: {
    en: 'This link is invalid or has expired. Please ask for a new one.',
    vi: 'Liên kết không hợp lệ hoặc đã hết hạn. Vui lòng yêu cầu liên kết mới.',
  },
  PASSWORD_TOO_SHORT: {
    en: 'The password must have at least 8 characters.',
    vi: 'Mật khẩu phải có ít nhất 8 ký tự.',
  },
  PASSWORD_TOO_LONG: {
    en: 'The password must have at most 128 characters.',
    vi: 'Mật khẩu chỉ được tối đa 128 ký tự.',
  },
  RATE_LIMITED: {
    en: 'Too many requests. Please try again later.',
    vi: 'Quá nhiều yêu cầu. Vui lòng thử lại sau.',
  },
  PAYLOAD_TOO_LARGE: { en: 'The file is larger than 5 MB.', vi: 'Tệp lớn hơn 5 MB.' },
  UNSUPPORTED_MEDIA_TYPE: {
    en: 'This type of content is not supported.',
    vi: 'Loại nội dung này không được hỗ trợ.',
  },
  INVALID_JSON: { en: 'The file is not valid JSON.', vi: 'Tệp không phải JSON hợp lệ.' },
  NOT_A_WORKFLOW: {
    en: 'The file is not an n8n, Make or Zapier export.',
    vi: 'Tệp không phải bản xuất của n8n, Make hay Zapier.',
  },
  EMPTY_FILE: { en: 'The file is empty.', vi: 'Tệp trống.' },
  FILE_TOO_LARGE: { en: 'The file is larger than 5 MB.', vi: 'Tệp lớn hơn 5 MB.' },
  TOO_DEEP: { en: 'The file is nested too deeply.', vi: 'Tệp có cấu trúc lồng nhau quá sâu.' },
  TOO_MANY_NODES: {
    en: 'The file holds more than 10,000 nodes; no real workflow is that large.',
    vi: 'Tệp chứa hơn 10.000 node; không workflow thực tế nào lớn đến vậy.',
  },
  FILE_TOO_COMPLEX: {
    en: 'The file took too long to check. Split it into smaller workflows and try again.',
    vi: 'Kiểm tra tệp mất quá nhiều thời gian. Hãy tách thành các workflow nhỏ hơn rồi thử lại.',
  },
  SECRETS_FOUND: {
    en: 'The workflow contains secrets (keys, tokens or passwords).',
    vi: 'Workflow chứa thông tin bí mật (khóa, token hoặc mật khẩu).',
  },
  INVALID_IMAGE: {
    en: 'The image must be a JPEG, PNG or WebP file.',
    vi: 'Ảnh phải là tệp JPEG, PNG hoặc WebP.',
  },
  UPLOAD_NOT_FOUND: { en: 'The uploaded file was not found.', vi: 'Không tìm thấy tệp đã tải lên.' },
  VERSION_EXISTS: { en: 'This version already exists.', vi: 'Phiên bản này đã tồn tại.' },
  COVER_REQUIRED: { en: 'Cover image is required when price > 0', vi: 'Cần ảnh bìa khi giá lớn hơn 0' },
  N8N_KEY_INVALID: {
    en: 'This n8n library key is unknown or was revoked. Create a new one on your Flowbay profile.',
    vi: 'Khóa thư viện n8n này không tồn tại hoặc đã bị thu hồi. Hãy tạo khóa mới trong hồ sơ Flowbay của bạn.',
  },
  N8N_KEY_LIMIT: {
    en: 'You have reached the limit of 10 n8n library keys. Revoke one first.',
    vi: 'Bạn đã có đủ 10 khóa thư viện n8n. Hãy thu hồi một khóa trước.',
  },
  PAYMENT_REQUIRED: {
    en: 'Purchase this workflow to download it.',
    vi: 'Hãy mua workflow này để tải xuống.',
  },
  TRANSLATION_UNAVAILABLE: { en: 'Translation is not available.', vi: 'Chức năng dịch không khả dụng.' },
  CONFLICT: {
    en: 'This was changed by someone else. Reload and try again.',
    vi: 'Dữ liệu đã bị thay đổi. Hãy tải lại và thử lại.',
  },
  DATABASE_UNAVAILABLE: {
    en: 'The service is briefly unavailable. Please try again in a few seconds.',
    vi: 'Dịch vụ tạm thời gián đoạn. Vui lòng thử lại sau vài giây.',
  },
  CROSS_SITE_REQUEST: {
    en: 'This request came from another website and was refused. Please try again from Flowbay.',
    vi: 'Yêu cầu này đến từ một trang web khác nên đã bị từ chối. Vui lòng thử lại trên Flowbay.',
  },
  NOT_FOR_SALE: { en: 'This workflow is not for sale.', vi: 'Workflow này không được bán.' },
  OWN_WORKFLOW: {
    en: 'You cannot buy your own workflow.',
    vi: 'Bạn không thể mua workflow của chính mình.',
  },
  ALREADY_PURCHASED: { en: 'You already own this workflow.', vi: 'Bạn đã mua workflow này rồi.' },
  PROVIDER_UNAVAILABLE: {
    en: 'This payment method is not available.',
    vi: 'Phương thức thanh toán này không khả dụng.',
  },
  PAYMENT_PROVIDER_ERROR: {
    en: 'The payment provider did not answer. Please try again later.',
    vi: 'Cổng thanh toán không phản hồi. Vui lòng thử lại sau.',
  },
  ORDER_NOT_FOUND: { en: 'Order not found.', vi: 'Không tìm thấy đơn hàng.' },
  REFUND_WINDOW_CLOSED: {
    en: 'Refunds can be requested within 7 days of payment.',
    vi: 'Chỉ có thể yêu cầu hoàn tiền trong vòng 7 ngày kể từ khi thanh toán.',
  },
  REFUND_ALREADY_REQUESTED: {
    en: 'A refund has already been requested for this order.',
    vi: 'Đơn hàng này đã có yêu cầu hoàn tiền.',
  },
  ORDER_NOT_REFUNDABLE: {
    en: 'This order cannot be refunded.',
    vi: 'Đơn hàng này không thể hoàn tiền.',
  },
  NO_REFUND_REQUEST: {
    en: 'This order has no open refund request.',
    vi: 'Đơn hàng này không có yêu cầu hoàn tiền đang chờ.',
  },
  PAYOUT_ACCOUNT_REQUIRED: {
    en: 'Add a bank account before requesting a payout.',
    vi: 'Vui lòng thêm tài khoản ngân hàng trước khi yêu cầu rút tiền.',
  },
  PAYOUT_ACCOUNT_ON_HOLD: {
    en: 'Your bank account changed recently: payouts are paused for 48 hours.',
    vi: 'Tài khoản ngân hàng vừa được thay đổi: tạm dừng rút tiền trong 48 giờ.',
  },
  PAYOUT_BELOW_MINIMUM: {
    en: 'Your available balance is below the payout minimum.',
    vi: 'Số dư khả dụng của bạn thấp hơn mức rút tối thiểu.',
  },
  PAYOUT_IN_PROGRESS: {
    en: 'A payout is already in progress.',
    vi: 'Đã có một yêu cầu rút tiền đang được xử lý.',
  },
  PAYOUT_NOT_FOUND: { en: 'Payout not found.', vi: 'Không tìm thấy yêu cầu rút tiền.' },
  PAYOUT_ALREADY_DECIDED: {
    en: 'This payout has already been marked paid or failed.',
    vi: 'Yêu cầu rút tiền này đã được đánh dấu là đã chuyển hoặc thất bại.',
  },
  PLATFORM_MISMATCH: {
    en: 'The platform must be the one the workflow file is for.',
    vi: 'Nền tảng phải đúng với nền tảng của tệp workflow.',
  },
  VERSION_PLATFORM_CHANGED: {
    en: 'A new version must be for the same platform as the workflow.',
    vi: 'Phiên bản mới phải dùng cùng nền tảng với workflow.',
  },
  REVIEW_NOT_ALLOWED: {
    en: 'Only people who bought this workflow, or downloaded it while signed in, can review it.',
    vi: 'Chỉ người đã mua workflow này, hoặc đã tải về khi đăng nhập, mới có thể đánh giá.',
  },
  OWN_WORKFLOW_REVIEW: {
    en: 'You cannot review your own workflow.',
    vi: 'Bạn không thể đánh giá workflow của chính mình.',
  },
  ALREADY_REVIEWED: {
    en: 'You have already reviewed this workflow. You can edit your review instead.',
    vi: 'Bạn đã đánh giá workflow này. Bạn có thể sửa đánh giá của mình.',
  },
  REVIEW_NOT_FOUND: { en: 'Review not found.', vi: 'Không tìm thấy đánh giá.' },
  INTERNAL_ERROR: {
    en: 'Something went wrong. Please try again.',
    vi: 'Đã có lỗi xảy ra. Vui lòng thử lại.',
  },
  PASSWORD_TOO_COMMON: {
    en: 'This password is one of the most used passwords, so it is among the first anyone would try. Choose another.',
    vi: 'Mật khẩu này nằm trong số những mật khẩu phổ biến nhất, nên sẽ bị thử đầu tiên. Hãy chọn mật khẩu khác.',
  },
  PASSWORD_TOO_WEAK: {
    en: 'This password is too easy to guess (a common word, a name, a date, a keyboard row or a repeat). Use a longer phrase of several uncommon words.',
    vi: 'Mật khẩu này quá dễ đoán (từ thông dụng, tên, ngày tháng, dãy phím hoặc ký tự lặp lại). Hãy dùng một cụm dài hơn gồm vài từ ít gặp.',
  },
  WRONG_PASSWORD: { en: 'The current password is not correct.', vi: 'Mật khẩu hiện tại không đúng.' },
  ACCOUNT_HAS_BALANCE: {
    en: 'Flowbay still owes you money from your sales. Request a payout and wait until it is paid (sales become available 7 days after purchase), then delete your account.',
    vi: 'Flowbay vẫn còn nợ bạn tiền bán hàng. Hãy yêu cầu rút tiền và chờ đến khi nhận được (tiền bán hàng khả dụng sau 7 ngày kể từ khi mua), rồi hãy xóa tài khoản.',
  },
  EXPORT_EXPIRED: {
    en: 'This download link has expired. Ask for a new export from your profile.',
    vi: 'Liên kết tải xuống đã hết hạn. Hãy yêu cầu xuất dữ liệu mới từ trang hồ sơ.',
  },
  EXPORT_NOT_FOUND: {
    en: 'This export does not exist or the link is not valid.',
    vi: 'Bản xuất này không tồn tại hoặc liên kết không hợp lệ.',
  },
};

/** Field-level validation messages (spec section 5 wording), keyed like the web app's i18n keys. */
const VALIDATION_MESSAGES: Record<ValidationKey, Record<Language, string>> = {
  'validation.titleMin': {
    en: 'Title must be at least 5 characters.',
    vi: 'Tiêu đề phải có ít nhất 5 ký tự.',
  },
  'validation.titleMax': {
    en: 'Title cannot exceed 150 characters.',
    vi: 'Tiêu đề không được vượt quá 150 ký tự.',
  },
  'validation.descriptionMax': {
    en: 'Description cannot exceed 1000 characters.',
    vi: 'Mô tả không được vượt quá 1000 ký tự.',
  },
  'validation.priceNonNegative': {
    en: 'Price must be a non-negative number.',
    vi: 'Giá phải là số không âm.',
  },
  'validation.priceWhole': { en: 'Price must be a whole number of đồng.', vi: 'Giá phải là số đồng nguyên.' },
  'validation.priceMax': {
    en: 'A price can be at most 100,000,000 VNĐ.',
    vi: 'Giá tối đa là 100.000.000 VNĐ.',
  },
  'validation.platformRequired': {
    en: 'You must select at least one platform.',
    vi: 'Bạn phải chọn ít nhất một nền tảng.',
  },
  'validation.jobTypeRequired': {
    en: 'You must select at least one job type.',
    vi: 'Bạn phải chọn ít nhất một loại công việc.',
  },
  'validation.unknownPlatform': { en: 'Unknown platform.', vi: 'Nền tảng không tồn tại.' },
  'validation.unknownJobType': { en: 'Unknown job type.', vi: 'Loại công việc không tồn tại.' },
  'validation.coverRequired': {
    en: 'Cover image is required when price > 0',
    vi: 'Cần ảnh bìa khi giá lớn hơn 0',
  },
  'validation.fileRequired': { en: 'Please upload a workflow file.', vi: 'Vui lòng tải lên tệp workflow.' },
  'validation.fileAndVersionRequired': {
    en: 'Please select a file and enter a version',
    vi: 'Vui lòng chọn tệp và nhập phiên bản',
  },
  'validation.versionFormat': {
    en: 'A version is up to 20 letters, digits, dots or hyphens, e.g. 1.1 or 2.0.',
    vi: 'Phiên bản gồm tối đa 20 chữ, số, dấu chấm hoặc gạch ngang, ví dụ 1.1 hoặc 2.0.',
  },
  'validation.testedWithMax': {
    en: 'Keep "tested with" under 60 characters.',
    vi: '"Đã thử với" không quá 60 ký tự.',
  },
  'validation.reasonRequired': { en: 'Please give a reason.', vi: 'Vui lòng nêu lý do.' },
  'validation.reportReason': { en: 'Choose a reason for the report.', vi: 'Hãy chọn lý do báo cáo.' },
  'validation.detailsMax': {
    en: 'Details cannot exceed 1000 characters.',
    vi: 'Chi tiết không được vượt quá 1000 ký tự.',
  },
  'validation.uploadFolder': {
    en: 'Choose the workflows or covers folder.',
    vi: 'Hãy chọn thư mục workflows hoặc covers.',
  },
  'validation.nulCharacter': {
    en: 'Text may not contain the NUL character.',
    vi: 'Văn bản không được chứa ký tự NUL.',
  },
  'validation.priceMin': {
    en: 'A paid price must be at least 10,000 VNĐ (or 0 for free).',
    vi: 'Giá bán tối thiểu là 10.000 VNĐ (hoặc 0 nếu miễn phí).',
  },
};

export function isValidationKey(value: unknown): value is ValidationKey {
  return typeof value === 'string' && Object.hasOwn(VALIDATION_MESSAGES, value);
}

export function validationMessage(key: ValidationKey, language: Language): string {
  return VALIDATION_MESSAGES[key][language];
}

export function messageFor(code: ErrorCode, language: Language): string {
  return MESSAGES[code][language];
}

/** The caller's language: `x-language` (set by the web app), else the first supported Accept-Language. */
export function requestLanguage(headers: Record<string, string | string[] | undefined>): Language {
  const explicit = headers['x-language'];
  if (explicit === 'vi' || explicit === 'en') return explicit;
  const accept = String(headers['accept-language'] ?? '');
  for (const part of accept.split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === 'vi' || tag === 'en') return tag;
  }
  return 'en';
}
