import type { Language } from '@flowbay/domain';

/** What the tools say in their answers, in the caller's language (error texts come from the API's catalogue). */
export const MCP_TEXT = {
  en: {
    free: 'Free',
    buyToGet: (price: string) =>
      `This is a paid workflow (${price}). Buy it on Flowbay to get the file; then call get_template again with your personal library key as the Bearer token.`,
    signedInBuyToGet: (price: string) =>
      `This is a paid workflow (${price}) you have not bought. Buy it on Flowbay to get the file.`,
    fileIncluded: 'The importable file is in "file": import it into the platform named in "platform".',
    credentialsNote:
      'Create these credentials (connections) in your automation platform before running the workflow.',
    noCredentials: 'This workflow needs no credentials.',
    noConnection:
      'You have no n8n connection yet. Add your n8n (its address and an API key) on your Flowbay profile, then try again.',
    chooseConnection:
      'You have several n8n connections: call send_to_n8n again with the connection_id of one.',
    sent: 'The workflow is in your n8n: open the link.',
    sentWithCredentials:
      'The workflow is in your n8n: open the link and create the credentials listed in "credentials" there before running it.',
  },
  vi: {
    free: 'Miễn phí',
    buyToGet: (price: string) =>
      `Đây là quy trình trả phí (${price}). Hãy mua trên Flowbay để nhận tệp; sau đó gọi lại get_template với khóa thư viện cá nhân của bạn làm Bearer token.`,
    signedInBuyToGet: (price: string) =>
      `Đây là quy trình trả phí (${price}) mà bạn chưa mua. Hãy mua trên Flowbay để nhận tệp.`,
    fileIncluded: 'Tệp có thể nhập nằm trong "file": hãy nhập nó vào nền tảng ghi ở "platform".',
    credentialsNote:
      'Hãy tạo các thông tin đăng nhập (kết nối) này trong nền tảng tự động hóa của bạn trước khi chạy quy trình.',
    noCredentials: 'Quy trình này không cần thông tin đăng nhập nào.',
    noConnection:
      'Bạn chưa có kết nối n8n nào. Hãy thêm n8n của bạn (địa chỉ và khóa API) trong hồ sơ Flowbay rồi thử lại.',
    chooseConnection: 'Bạn có nhiều kết nối n8n: hãy gọi lại send_to_n8n với connection_id của một kết nối.',
    sent: 'Quy trình đã có trong n8n của bạn: hãy mở liên kết.',
    sentWithCredentials:
      'Quy trình đã có trong n8n của bạn: hãy mở liên kết và tạo các thông tin đăng nhập ghi trong "credentials" ở đó trước khi chạy.',
  },
} as const satisfies Record<Language, Record<string, unknown>>;
