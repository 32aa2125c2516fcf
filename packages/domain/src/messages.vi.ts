import { PLATFORMS, listOfPlatforms } from '@flowbay/workflow-formats/platforms';
import type { MessagesOfOneLanguage } from './messages.ts';

/** The API's errors and validation messages in Vietnamese (the catalogue: messages.ts). */
export const MESSAGES_VI = {
  errors: {
    VALIDATION_FAILED: 'Một số dữ liệu gửi lên không hợp lệ.',
    NOT_FOUND: 'Không tìm thấy.',
    WORKFLOW_NOT_FOUND: 'Không tìm thấy quy trình.',
    PROFILE_NOT_FOUND: 'Không tìm thấy hồ sơ.',
    VERSION_NOT_FOUND: 'Không tìm thấy phiên bản.',
    UNAUTHENTICATED: 'Bạn cần đăng nhập.',
    FORBIDDEN: 'Bạn không có quyền thực hiện thao tác này.',
    EMAIL_NOT_VERIFIED: 'Vui lòng xác nhận địa chỉ e-mail trước.',
    USER_ALREADY_EXISTS: 'E-mail này đã được đăng ký.',
    INVALID_EMAIL_OR_PASSWORD: 'E-mail hoặc mật khẩu không đúng.',
    INVALID_EMAIL: 'Địa chỉ e-mail không hợp lệ.',
    INVALID_TOKEN: 'Liên kết không hợp lệ hoặc đã hết hạn. Vui lòng yêu cầu liên kết mới.',
    PASSWORD_TOO_SHORT: 'Mật khẩu phải có ít nhất 8 ký tự.',
    PASSWORD_TOO_LONG: 'Mật khẩu chỉ được tối đa 128 ký tự.',
    RATE_LIMITED: 'Quá nhiều yêu cầu. Vui lòng thử lại sau.',
    PAYLOAD_TOO_LARGE: 'Tệp lớn hơn 5 MB.',
    UNSUPPORTED_MEDIA_TYPE: 'Loại nội dung này không được hỗ trợ.',
    INVALID_JSON: 'Tệp không phải JSON hợp lệ.',
    NOT_A_WORKFLOW: `Tệp không phải bản xuất của ${listOfPlatforms((id) => PLATFORMS[id].names.vi, 'hay')}.`,
    EMPTY_FILE: 'Tệp trống.',
    FILE_TOO_LARGE: 'Tệp lớn hơn 5 MB.',
    TOO_DEEP: 'Tệp có cấu trúc lồng nhau quá sâu.',
    TOO_MANY_NODES: 'Tệp chứa hơn 10.000 node; không quy trình thực tế nào lớn đến vậy.',
    FILE_TOO_COMPLEX:
      'Kiểm tra tệp mất quá nhiều thời gian. Hãy tách thành các quy trình nhỏ hơn rồi thử lại.',
    SECRETS_FOUND: 'Quy trình chứa thông tin bí mật (khóa, token hoặc mật khẩu).',
    INVALID_IMAGE: 'Ảnh phải là tệp JPEG, PNG hoặc WebP.',
    UPLOAD_NOT_FOUND: 'Không tìm thấy tệp đã tải lên.',
    VERSION_EXISTS: 'Phiên bản này đã tồn tại.',
    COVER_REQUIRED: 'Cần ảnh bìa khi giá lớn hơn 0',
    N8N_KEY_INVALID:
      'Khóa thư viện n8n này không tồn tại hoặc đã bị thu hồi. Hãy tạo khóa mới trong hồ sơ Flowbay của bạn.',
    N8N_KEY_LIMIT: 'Bạn đã có đủ 10 khóa thư viện n8n. Hãy thu hồi một khóa trước.',
    PAYMENT_REQUIRED: 'Hãy mua quy trình này để tải xuống.',
    TRANSLATION_UNAVAILABLE: 'Chức năng dịch không khả dụng.',
    CONFLICT: 'Dữ liệu đã bị thay đổi. Hãy tải lại và thử lại.',
    DATABASE_UNAVAILABLE: 'Dịch vụ tạm thời gián đoạn. Vui lòng thử lại sau vài giây.',
    SEALED_VALUE_UNREADABLE:
      'Máy chủ tạm thời không đọc được thông tin bạn đã lưu. Đội ngũ đã được báo; bạn cũng có thể lưu lại thông tin đó.',
    CROSS_SITE_REQUEST:
      'Yêu cầu này đến từ một trang web khác nên đã bị từ chối. Vui lòng thử lại trên Flowbay.',
    SESSION_NOT_FOUND: 'Không tìm thấy phiên đăng nhập này trong các phiên của bạn.',
    NOT_FOR_SALE: 'Quy trình này không được bán.',
    OWN_WORKFLOW: 'Bạn không thể mua quy trình của chính mình.',
    ALREADY_PURCHASED: 'Bạn đã mua quy trình này rồi.',
    CHECKOUT_BUSY: 'Một lượt thanh toán khác cho quy trình này đang diễn ra. Vui lòng thử lại sau giây lát.',
    PROVIDER_UNAVAILABLE: 'Phương thức thanh toán này không khả dụng.',
    PAYMENT_PROVIDER_ERROR: 'Cổng thanh toán không phản hồi. Vui lòng thử lại sau.',
    ORDER_NOT_FOUND: 'Không tìm thấy đơn hàng.',
    REFUND_WINDOW_CLOSED: 'Chỉ có thể yêu cầu hoàn tiền trong vòng 7 ngày kể từ khi thanh toán.',
    REFUND_ALREADY_REQUESTED: 'Đơn hàng này đã có yêu cầu hoàn tiền.',
    ORDER_NOT_REFUNDABLE: 'Đơn hàng này không thể hoàn tiền.',
    NO_REFUND_REQUEST: 'Đơn hàng này không có yêu cầu hoàn tiền đang chờ.',
    REFUND_REQUEST_NOT_FOUND: 'Không tìm thấy yêu cầu hoàn tiền.',
    REFUND_ANSWER_WINDOW_CLOSED:
      'Yêu cầu hoàn tiền chỉ có thể được phản hồi trong vòng 48 giờ: yêu cầu này đã hết hạn phản hồi.',
    REFUND_ALREADY_ANSWERED: 'Bạn đã phản hồi yêu cầu hoàn tiền này rồi.',
    APPROVAL_NOTE_REQUIRED: 'Tệp này có phát hiện an toàn mức cao: hãy ghi chú lý do vẫn có thể phê duyệt.',
    NO_FAILED_REFUND: 'Đơn hàng này không có lần hoàn tiền tự động thất bại nào để thử lại.',
    REFUND_BY_API: 'Cổng thanh toán của đơn hàng này hoàn tiền qua dịch vụ của họ: hãy dùng nút Hoàn tiền.',
    PAYOUT_ACCOUNT_REQUIRED: 'Vui lòng thêm tài khoản ngân hàng trước khi yêu cầu rút tiền.',
    PAYOUT_ACCOUNT_ON_HOLD: 'Tài khoản ngân hàng vừa được thay đổi: tạm dừng rút tiền trong 48 giờ.',
    PAYOUT_BELOW_MINIMUM: 'Số dư khả dụng của bạn thấp hơn mức rút tối thiểu.',
    PAYOUT_IN_PROGRESS: 'Đã có một yêu cầu rút tiền đang được xử lý.',
    PAYOUT_NOT_FOUND: 'Không tìm thấy yêu cầu rút tiền.',
    PAYOUT_ALREADY_DECIDED: 'Yêu cầu rút tiền này đã được đánh dấu là đã chuyển hoặc thất bại.',
    PAYOUT_SENDING: 'Yêu cầu rút tiền này đang được chuyển qua payOS: kết quả sẽ được payOS gửi về.',
    PAYOS_PAYOUTS_NOT_CONFIGURED:
      'Chưa cấu hình chi hộ qua payOS: hãy chuyển tiền bằng tệp CSV cho ngân hàng.',
    TAX_PROFILE_REQUIRED:
      'Vui lòng khai báo thông tin thuế (họ tên theo giấy tờ, mã số thuế hoặc số CCCD) trước khi yêu cầu rút tiền.',
    PLATFORM_MISMATCH: 'Nền tảng phải đúng với nền tảng của tệp quy trình.',
    VERSION_PLATFORM_CHANGED: 'Phiên bản mới phải dùng cùng nền tảng với quy trình.',
    REVIEW_NOT_ALLOWED:
      'Chỉ người đã mua quy trình này, hoặc đã tải xuống khi đăng nhập, mới có thể đánh giá.',
    OWN_WORKFLOW_REVIEW: 'Bạn không thể đánh giá quy trình của chính mình.',
    ALREADY_REVIEWED: 'Bạn đã đánh giá quy trình này. Bạn có thể sửa đánh giá của mình.',
    REVIEW_NOT_FOUND: 'Không tìm thấy đánh giá.',
    INTERNAL_ERROR: 'Đã có lỗi xảy ra. Vui lòng thử lại.',
    PASSWORD_TOO_COMMON:
      'Mật khẩu này nằm trong số những mật khẩu phổ biến nhất, nên sẽ bị thử đầu tiên. Hãy chọn mật khẩu khác.',
    PASSWORD_TOO_WEAK:
      'Mật khẩu này quá dễ đoán (từ thông dụng, tên, ngày tháng, dãy phím hoặc ký tự lặp lại). Hãy dùng một cụm dài hơn gồm vài từ ít gặp.',
    WRONG_PASSWORD: 'Mật khẩu hiện tại không đúng.',
    ACCOUNT_HAS_BALANCE:
      'Flowbay vẫn còn nợ bạn tiền bán hàng. Hãy yêu cầu rút tiền và chờ đến khi nhận được (tiền bán hàng khả dụng sau 7 ngày kể từ khi mua), rồi hãy xóa tài khoản.',
    EXPORT_EXPIRED: 'Liên kết tải xuống đã hết hạn. Hãy yêu cầu xuất dữ liệu mới từ trang hồ sơ.',
    EXPORT_NOT_FOUND: 'Bản xuất này không tồn tại hoặc liên kết không hợp lệ.',
    INVALID_TAX_CODE:
      'Mã số thuế gồm 10 chữ số, hoặc 10 chữ số, dấu gạch ngang và 3 chữ số với chi nhánh (ví dụ 0101234567-001).',
    INVOICE_NOT_FOUND: 'Đơn hàng này không có yêu cầu xuất hóa đơn GTGT.',
    INVOICE_ALREADY_ISSUED: 'Hóa đơn GTGT của đơn hàng này đã được xuất, không thể thay đổi nữa.',
    INVOICE_NOT_REQUESTABLE:
      'Chỉ có thể yêu cầu hóa đơn GTGT cho đơn hàng đang chờ thanh toán hoặc đã thanh toán.',
    N8N_CONNECTION_NOT_FOUND: 'Không tìm thấy kết nối n8n này trong các kết nối của bạn.',
    N8N_CONNECTION_LIMIT: 'Bạn đã có đủ 10 kết nối n8n. Hãy xóa bớt một kết nối trước.',
    N8N_URL_INVALID:
      'Hãy nhập địa chỉ n8n của bạn bắt đầu bằng http:// hoặc https://, ví dụ https://n8n.example.com.',
    PRIVATE_ADDRESS_REFUSED:
      'Địa chỉ này dẫn tới mạng nội bộ hoặc máy cục bộ, Flowbay không kết nối tới đó. Hãy dùng địa chỉ công khai của n8n.',
    N8N_REJECTED: 'n8n của bạn đã từ chối yêu cầu.',
    N8N_API_KEY_REJECTED:
      'n8n của bạn không chấp nhận khóa API này. Hãy tạo khóa mới trong Settings → n8n API rồi lưu lại kết nối.',
    N8N_RATE_LIMITED: 'n8n của bạn đang nhận quá nhiều yêu cầu. Vui lòng thử lại sau.',
    N8N_UNREACHABLE:
      'n8n của bạn không phản hồi. Hãy kiểm tra địa chỉ và chắc chắn n8n đang chạy, rồi thử lại.',
    NOT_AN_N8N_WORKFLOW: 'Chỉ có thể gửi quy trình n8n sang n8n.',
    MAKE_CONNECTION_NOT_FOUND: 'Không tìm thấy kết nối Make này trong các kết nối của bạn.',
    MAKE_CONNECTION_LIMIT: 'Bạn đã có đủ 10 kết nối Make. Hãy xóa bớt một kết nối trước.',
    MAKE_REJECTED:
      'Make từ chối yêu cầu. Hãy kiểm tra token, quyền (scope) của token và ID nhóm của kết nối này.',
    MAKE_RATE_LIMITED: 'Make đang nhận quá nhiều yêu cầu từ tài khoản này. Vui lòng thử lại sau.',
    MAKE_UNREACHABLE: 'Make không phản hồi. Vui lòng thử lại sau.',
    NOT_A_MAKE_WORKFLOW: 'Chỉ có thể gửi quy trình Make sang Make.',
    ZAPIER_LINK_INVALID: 'Liên kết Zapier phải là liên kết chia sẻ dạng https://zapier.com/shared/….',
    CANNOT_FOLLOW_SELF: 'Bạn không thể tự theo dõi chính mình.',
    SCREENSHOT_LIMIT: 'Mỗi quy trình có tối đa 8 ảnh chụp màn hình. Hãy xóa bớt một ảnh trước.',
    SCREENSHOT_NOT_FOUND: 'Ảnh chụp màn hình này không thuộc quy trình.',
    LICENCE_NOT_OFFERED: 'Quy trình này không bán loại giấy phép đó.',
    LICENCE_ALREADY_OWNED: 'Bạn đã có giấy phép này hoặc một giấy phép cao hơn.',
    LICENCE_PRICES_INVALID:
      'Giá giấy phép Thương mại và Agency phải cao hơn giấy phép ngay dưới, chỉ áp dụng cho quy trình có phí, và giấy phép Agency cần ghi số khách hàng.',
    DISCOUNT_CODE_INVALID: 'Mã giảm giá này hiện không dùng được cho quy trình này.',
    DISCOUNT_CODE_USED_UP: 'Mã giảm giá này đã hết lượt sử dụng.',
    DISCOUNT_CODE_EXISTS: 'Bạn đã có một mã giảm giá trùng tên.',
    DISCOUNT_CODE_NOT_FOUND: 'Không tìm thấy mã giảm giá.',
    BUNDLE_NOT_FOUND: 'Không tìm thấy combo.',
    BUNDLE_ITEMS_INVALID: 'Combo chỉ được gồm các quy trình của chính bạn đang hiển thị trong danh mục.',
    BUNDLE_PRICE_TOO_HIGH: 'Giá combo phải thấp hơn tổng giá mua lẻ từng quy trình.',
    BUNDLE_NOT_FOR_SALE: 'Combo này hiện không được bán.',
    BUNDLE_ALREADY_OWNED: 'Bạn đã sở hữu đủ phần của combo này: không còn gì phải trả.',
    OWN_BUNDLE: 'Bạn không thể mua combo của chính mình.',
    PRIVACY_REQUEST_NOT_FOUND: 'Không tìm thấy yêu cầu về dữ liệu cá nhân.',
    PRIVACY_REQUEST_ALREADY_ANSWERED: 'Yêu cầu này đã được trả lời.',
  },
  validation: {
    titleMin: 'Tiêu đề phải có ít nhất 5 ký tự.',
    titleMax: 'Tiêu đề không được vượt quá 150 ký tự.',
    descriptionMax: 'Mô tả không được vượt quá 20.000 ký tự.',
    priceNonNegative: 'Giá phải là số không âm.',
    priceWhole: 'Giá phải là số đồng nguyên.',
    priceMax: 'Giá tối đa là 100.000.000 VNĐ.',
    platformRequired: 'Bạn phải chọn ít nhất một nền tảng.',
    jobTypeRequired: 'Bạn phải chọn ít nhất một nhu cầu sử dụng.',
    unknownPlatform: 'Nền tảng không tồn tại.',
    unknownJobType: 'Nhu cầu sử dụng không tồn tại.',
    coverRequired: 'Cần ảnh bìa khi giá lớn hơn 0',
    fileRequired: 'Vui lòng tải lên tệp quy trình.',
    fileAndVersionRequired: 'Vui lòng chọn tệp và nhập phiên bản',
    versionFormat: 'Phiên bản gồm tối đa 20 chữ, số, dấu chấm hoặc gạch ngang, ví dụ 1.1 hoặc 2.0.',
    testedWithMax: '"Đã thử với" không quá 60 ký tự.',
    reasonRequired: 'Vui lòng nêu lý do.',
    reportReason: 'Hãy chọn lý do báo cáo.',
    detailsMax: 'Chi tiết không được vượt quá 1000 ký tự.',
    uploadFolder: 'Hãy chọn thư mục workflows hoặc covers.',
    nulCharacter: 'Văn bản không được chứa ký tự NUL.',
    priceMin: 'Giá bán tối thiểu là 10.000 VNĐ (hoặc 0 nếu miễn phí).',
    faqMax: 'Mỗi quy trình có tối đa 10 câu hỏi.',
    faqQuestion: 'Mỗi câu hỏi cần từ 1 đến 300 ký tự.',
    faqAnswer: 'Mỗi câu trả lời cần từ 1 đến 2.000 ký tự.',
    notesRequired: 'Vui lòng cho biết phiên bản này thay đổi những gì.',
    notesMax: 'Phần thay đổi không được vượt quá 2.000 ký tự.',
    captionMax: 'Chú thích không được vượt quá 200 ký tự.',
    screenshotsMax: 'Mỗi quy trình có tối đa 8 ảnh chụp màn hình.',
    n8nRelease: 'Hãy nhập phiên bản n8n, ví dụ 1.98 hoặc 2.41.1.',
    approvalNoteMax: 'Ghi chú phê duyệt không được vượt quá 2.000 ký tự.',
  },
  /**
   * Các phát hiện của bước kiểm tra an toàn (checks.ts `SAFETY_CODES`): xem chú thích trong messages.en.ts.
   */
  safety: {
    secret: {
      title: 'Có khóa bí mật trong tệp',
      buyer: 'Tệp có chứa khóa hoặc mật khẩu của tác giả.',
      fix: 'Xóa khóa hoặc mật khẩu khỏi node và dùng thông tin đăng nhập thay thế, rồi tải tệp lên lại.',
    },
    secret_removed: {
      title: 'Đã xóa khóa bí mật khi tải lên',
      buyer: 'Các khóa và mật khẩu tác giả để sót trong tệp đã được xóa: bạn sẽ điền thông tin của mình.',
      fix: 'Không cần làm gì: Flowbay đã xóa nội dung các trường này. Lần sau, hãy dùng thông tin đăng nhập thay vì dán khóa vào node.',
    },
    execute_command: {
      title: 'Chạy lệnh hệ thống',
      buyer: 'Chạy lệnh trên máy tính hoặc máy chủ đang chạy n8n: hãy đọc các lệnh trước khi bật.',
      fix: 'Thay node Execute Command bằng node của dịch vụ tương ứng, hoặc ghi rõ trong phần mô tả lệnh nào được chạy và vì sao.',
    },
    ssh: {
      title: 'Kết nối qua SSH',
      buyer: 'Kết nối tới một máy chủ qua SSH và chạy lệnh ở đó bằng tài khoản bạn cung cấp.',
      fix: 'Ghi rõ trong phần mô tả cần máy chủ nào và chạy lệnh gì; giữ các lệnh trong node ngắn gọn, dễ đọc.',
    },
    ftp: {
      title: 'Truyền tệp qua FTP',
      buyer: 'Gửi hoặc lấy tệp trên máy chủ FTP bằng tài khoản bạn cung cấp.',
      fix: 'Ghi rõ trong phần mô tả máy chủ được dùng; nên dùng SFTP thay cho FTP.',
    },
    file_system: {
      title: 'Đọc hoặc ghi tệp trên máy chủ',
      buyer: 'Đọc hoặc ghi tệp trên ổ đĩa của máy chủ đang chạy n8n.',
      fix: 'Ghi rõ trong phần mô tả các thư mục được đọc và ghi, và chỉ dùng thư mục tệp riêng của n8n.',
    },
    code_node: {
      title: 'Dùng node Code',
      buyer: 'Dùng node Code: node này chạy mã (JavaScript hoặc Python) mà bạn có thể đọc trước khi bật.',
      fix: 'Không bắt buộc sửa. Hãy giữ mã ngắn gọn và có chú thích để người mua dễ đọc.',
    },
    code_child_process: {
      title: 'Mã khởi chạy chương trình khác (child_process)',
      buyer:
        'Mã của quy trình khởi chạy chương trình khác trên máy chủ, có thể làm mọi việc máy chủ làm được.',
      fix: 'Bỏ child_process (hoặc subprocess) khỏi mã và dùng các node để xử lý, hoặc giải thích trong phần mô tả vì sao cần.',
    },
    code_fs: {
      title: 'Mã đọc hoặc ghi tệp (fs)',
      buyer: 'Mã của quy trình đọc hoặc ghi trực tiếp tệp trên máy chủ.',
      fix: 'Dùng node Read/Write Files from Disk hoặc dữ liệu nhị phân thay cho module fs trong mã.',
    },
    code_eval: {
      title: 'Mã chạy đoạn mã được tạo ra (eval)',
      buyer:
        'Mã của quy trình chạy một chuỗi văn bản như mã hoặc tải thứ chỉ được xác định khi chạy (eval, new Function), nên không thể biết trước nó sẽ làm gì.',
      fix: 'Bỏ eval, new Function và vm, gọi thẳng tên module và hàm, và viết thẳng phần xử lý vào mã.',
    },
    code_network_module: {
      title: 'Mã tự mở kết nối mạng',
      buyer:
        'Mã của quy trình tự tải module mạng và có thể gửi dữ liệu đi bất cứ đâu, ngoài các node bạn nhìn thấy.',
      fix: 'Gửi yêu cầu web bằng node HTTP Request (hoặc this.helpers.httpRequest) để người mua thấy dữ liệu được gửi tới đâu.',
    },
    code_blob: {
      title: 'Mã chứa chuỗi mã hóa dài',
      buyer: 'Mã của quy trình chứa một chuỗi mã hóa dài (base64 hoặc hex) không thể đọc trực tiếp.',
      fix: 'Bỏ dữ liệu mã hóa, hoặc tải nó từ một tệp hay địa chỉ được nêu trong phần mô tả.',
    },
    http_request: {
      title: 'Gửi yêu cầu web',
      buyer: 'Gửi yêu cầu web (HTTP) tới các dịch vụ khác.',
      fix: 'Không bắt buộc sửa. Hãy nêu các dịch vụ được gọi trong phần mô tả.',
    },
    http_ip_literal: {
      title: 'Yêu cầu web tới địa chỉ IP',
      buyer: 'Gửi yêu cầu web tới một địa chỉ IP dạng số thay vì tên miền của một trang web.',
      fix: 'Dùng tên miền của dịch vụ, hoặc để địa chỉ trong một trường cho người mua tự điền.',
    },
    http_paste_site: {
      title: 'Yêu cầu web tới trang chia sẻ văn bản',
      buyer:
        'Gửi hoặc lấy dữ liệu trên một trang chia sẻ văn bản (như Pastebin), cách thường dùng để làm lộ dữ liệu hoặc tải mã ẩn.',
      fix: 'Bỏ yêu cầu tới trang chia sẻ văn bản; giữ dữ liệu trong quy trình hoặc trong kho lưu trữ của người mua.',
    },
    http_url_shortener: {
      title: 'Yêu cầu web qua liên kết rút gọn',
      buyer: 'Gọi một liên kết rút gọn (như bit.ly), khiến không thấy được yêu cầu thực sự đi tới đâu.',
      fix: 'Thay liên kết rút gọn bằng địa chỉ đầy đủ.',
    },
    http_file_sharing: {
      title: 'Yêu cầu web tới trang chia sẻ tệp',
      buyer: 'Gửi hoặc lấy tệp trên một trang chia sẻ tệp ẩn danh.',
      fix: 'Dùng kho lưu trữ của chính người mua (Google Drive, S3…) trong một trường họ tự điền.',
    },
    credential_foreign_host: {
      title: 'Thông tin đăng nhập bị gửi tới máy chủ khác',
      buyer:
        'Gửi thông tin đăng nhập tới một địa chỉ không thuộc dịch vụ của nó, nên khóa của bạn có thể lọt vào tay người khác.',
      fix: 'Chỉ gửi mỗi thông tin đăng nhập tới địa chỉ của chính dịch vụ đó, hoặc dùng thông tin đăng nhập chung (Header Auth) cho máy chủ này.',
    },
    webhook_no_auth: {
      title: 'Webhook không xác thực',
      buyer: 'Bắt đầu từ một webhook không xác thực: ai biết địa chỉ của nó đều có thể kích hoạt quy trình.',
      buyerSecretUrl: 'Bắt đầu từ một webhook: địa chỉ của nó là một liên kết bí mật dài, hãy giữ kín.',
      fix: 'Bật xác thực (Header Auth, Basic Auth hoặc JWT) trong node Webhook, hoặc kiểm tra một mã bí mật chung gửi kèm mỗi yêu cầu.',
    },
    form_no_auth: {
      title: 'Biểu mẫu không xác thực',
      buyer: 'Có một biểu mẫu công khai: ai có liên kết đều điền và gửi được.',
      fix: 'Bật Basic Auth trong node Form Trigger nếu biểu mẫu không dành cho tất cả mọi người.',
    },
    community_package: {
      title: 'Cần gói cộng đồng',
      buyer: 'Cần một gói node cộng đồng mà bạn phải cài vào n8n trước.',
      fix: 'Nêu tên và phiên bản của gói trong phần mô tả, hoặc dùng các node có sẵn.',
    },
    policy: {
      title: 'Kiểm tra nội dung trang quy trình',
      buyer: 'Một lượt rà soát tự động nội dung trang quy trình đã ghi nhận một điểm cần lưu ý.',
      fix: 'Sửa tiêu đề hoặc mô tả theo ghi chú, rồi gửi kiểm duyệt lại.',
      notChecked: 'Chưa kiểm tra: mô hình ngôn ngữ không phản hồi, nên quản trị viên sẽ tự đọc nội dung.',
    },
  },
  /** Tên các mức độ nghiêm trọng, từ nhẹ đến nặng. */
  severities: {
    info: 'Thông tin',
    low: 'Thấp',
    medium: 'Trung bình',
    high: 'Cao',
  },
} as const satisfies MessagesOfOneLanguage;
