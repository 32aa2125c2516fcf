import type { UseCaseId } from './taxonomy.ts';

/** Demo authors: they own the demo catalogue and cannot sign in (no password). */
export const DEMO_AUTHORS = [
  { key: 'minh-anh', name: 'Nguyễn Minh Anh', email: 'minh.anh@demo.flowbay.local', locale: 'vi' },
  { key: 'quoc-bao', name: 'Trần Quốc Bảo', email: 'quoc.bao@demo.flowbay.local', locale: 'vi' },
  { key: 'thu-ha', name: 'Lê Thu Hà', email: 'thu.ha@demo.flowbay.local', locale: 'vi' },
  { key: 'alex', name: 'Alex Carter', email: 'alex.carter@demo.flowbay.local', locale: 'en' },
] as const;

export type DemoAuthorKey = (typeof DEMO_AUTHORS)[number]['key'];

export interface DemoWorkflow {
  file: string;
  title: string;
  description: string;
  price: number;
  useCases: UseCaseId[];
  author: DemoAuthorKey;
  views: number;
  /** Demo authors who favourite it (real rows, so counts stay true). */
  favouritedBy: DemoAuthorKey[];
  daysAgo: number;
  testedWith?: string;
}

export const DEMO_WORKFLOWS: DemoWorkflow[] = [
  {
    file: 'Zie619--workflows__Aggregate__0762_Aggregate_Stickynote_Create_Triggered.json',
    title: 'Tác tử AI tổng hợp dữ liệu thành báo cáo có cấu trúc',
    description: 'Một workflow con: tác tử **AI (Azure OpenAI)** đọc dữ liệu từ nhiều bước, **tổng hợp** và trả về kết quả theo cấu trúc cố định.\n\n1. Nhập workflow vào n8n.\n2. Kết nối tài khoản Azure OpenAI.\n3. Gọi nó từ workflow chính bằng nút Execute Workflow.',
    price: 0, useCases: ['data-sync', 'ai-assistants'], author: 'minh-anh', views: 412, favouritedBy: ['quoc-bao', 'alex'], daysAgo: 3,
  },
  {
    file: 'Zie619--workflows__Code__1402_Code_Manual_Automation_Webhook.json',
    title: 'LinkedIn scraping with Bright Data MCP and Google Gemini',
    description: 'Scrape LinkedIn profiles and company pages through the **Bright Data MCP server**, then let Google Gemini write a short summary for each.\n\nYou need a Bright Data account and a Gemini API key.',
    price: 299_000, useCases: ['sales-crm', 'ai-assistants', 'marketing'], author: 'alex', views: 1280, favouritedBy: ['minh-anh', 'thu-ha', 'quoc-bao'], daysAgo: 5, testedWith: 'n8n 1.94',
  },
  {
    file: 'Zie619--workflows__Manual__0038_Manual_Ical_Send_Triggered.json',
    title: 'Tạo sự kiện iCal và gửi lời mời qua email',
    description: 'Tạo tệp lịch **.ics** cho một cuộc họp và gửi kèm trong email mời tham dự.',
    price: 0, useCases: ['email', 'productivity'], author: 'thu-ha', views: 96, favouritedBy: [], daysAgo: 40,
  },
  {
    file: 'Zie619--workflows__Manual__0080_Manual_Disqus_Import_Triggered.json',
    title: 'Get the details of a Disqus forum',
    description: 'A minimal example that reads a Disqus forum with the Disqus node. Good as a starting point for community dashboards.',
    price: 0, useCases: ['social-media'], author: 'alex', views: 54, favouritedBy: [], daysAgo: 88,
  },
  {
    file: 'Zie619--workflows__Manual__0119_Manual_Cron_Create_Webhook.json',
    title: 'Find a new book every week',
    description: 'Every week, pick a random book from Open Library and post it to a webhook of your choice.',
    price: 0, useCases: ['productivity'], author: 'alex', views: 133, favouritedBy: ['thu-ha'], daysAgo: 61,
  },
  {
    file: 'Zie619--workflows__Manual__0770_Manual_Stickynote_Create_Webhook.json',
    title: 'Quản lý tác vụ API dài: gọi, chờ và kiểm tra kết quả',
    description: 'Gọi một API qua **HTTP**, chờ rồi kiểm tra lại cho đến khi tác vụ hoàn tất (vòng lặp Wait + IF). Hợp với các dịch vụ xử lý lâu như tạo ảnh, video hay báo cáo.',
    price: 49_000, useCases: ['devops-it', 'data-sync'], author: 'quoc-bao', views: 377, favouritedBy: ['minh-anh'], daysAgo: 12,
  },
  {
    file: 'Zie619--workflows__Manual__2017_Manual_Stickynote_Import_Webhook.json',
    title: 'Import a CSV from a URL into Excel',
    description: 'Download a CSV file from any URL, convert it and append the rows to an **Excel** workbook.',
    price: 0, useCases: ['data-sync', 'finance'], author: 'thu-ha', views: 521, favouritedBy: ['alex', 'quoc-bao'], daysAgo: 20,
  },
  {
    file: 'Zie619--workflows__Splitout__1943_Splitout_Editimage_Automation_Webhook.json',
    title: 'Xóa nền ảnh nâng cao từ Google Drive',
    description: 'Lấy ảnh từ **Google Drive**, xóa nền bằng dịch vụ AI và lưu ảnh đã xử lý vào thư mục khác.',
    price: 150_000, useCases: ['ecommerce', 'ai-assistants'], author: 'minh-anh', views: 842, favouritedBy: ['thu-ha', 'alex'], daysAgo: 9,
  },
  {
    file: 'Zie619--workflows__Telegram__0676_Telegram_Splitout_Import_Webhook.json',
    title: 'Tóm tắt video YouTube bằng AI và gửi qua Telegram',
    description: 'Nhận đường dẫn video qua **webhook**, lấy phụ đề **YouTube**, tóm tắt bằng OpenAI và gửi bản tóm tắt qua **Telegram**.',
    price: 0, useCases: ['ai-assistants', 'messaging', 'social-media'], author: 'quoc-bao', views: 1904, favouritedBy: ['minh-anh', 'thu-ha', 'alex'], daysAgo: 30,
  },
  {
    file: 'Zie619--workflows__Webhook__1897_Webhook_Filter_Sync_Webhook.json',
    title: 'Realtime two-way sync between Notion and Todoist',
    description: 'Keep tasks in **Notion** and **Todoist** in sync in both directions, in real time, using webhooks.',
    price: 499_000, useCases: ['project-management', 'productivity', 'data-sync'], author: 'alex', views: 2210, favouritedBy: ['minh-anh', 'quoc-bao', 'thu-ha'], daysAgo: 2, testedWith: 'n8n 1.90',
  },
  {
    file: 'enescingoz--AI_Research_RAG_and_Data_Analysis__Hacker_News_to_Video_Content.json',
    title: 'Turn Hacker News stories into short videos',
    description: 'Picks top **Hacker News** stories, writes a script with AI and renders a short video for social media.',
    price: 750_000, useCases: ['social-media', 'ai-assistants', 'marketing'], author: 'alex', views: 1544, favouritedBy: ['thu-ha'], daysAgo: 15,
  },
  {
    file: 'enescingoz--AI_Research_RAG_and_Data_Analysis__Scrape_and_summarize_posts_of_a_news_site_without_RSS_feed_using_AI_and_save_them_to_a_NocoDB.json',
    title: 'Thu thập và tóm tắt tin tức bằng AI, lưu vào NocoDB',
    description: 'Thu thập bài viết từ trang tin không có RSS, tóm tắt bằng **AI** và lưu vào **NocoDB**.',
    price: 99_000, useCases: ['ai-assistants', 'data-sync'], author: 'thu-ha', views: 688, favouritedBy: ['minh-anh'], daysAgo: 18,
  },
  {
    file: 'enescingoz--Gmail_and_Email_Automation__Auto-label_incoming_Gmail_messages_with_AI_nodes.json',
    title: 'Auto-label incoming Gmail messages with AI',
    description: 'Every new **Gmail** message is read by an AI model and labelled (invoice, support, newsletter …) automatically.',
    price: 0, useCases: ['email', 'ai-assistants'], author: 'minh-anh', views: 3120, favouritedBy: ['quoc-bao', 'thu-ha', 'alex'], daysAgo: 25,
  },
  {
    file: 'enescingoz--Gmail_and_Email_Automation__Microsoft_Outlook_AI_Email_Assistant_with_contact_support_from_Monday_and_Airtable.json',
    title: 'Trợ lý email AI cho Microsoft Outlook',
    description: 'Trợ lý AI đọc email **Outlook**, tra cứu liên hệ trong Monday và Airtable rồi soạn sẵn thư trả lời.',
    price: 1_200_000, useCases: ['email', 'customer-support', 'ai-assistants', 'sales-crm'], author: 'quoc-bao', views: 905, favouritedBy: ['alex'], daysAgo: 7, testedWith: 'n8n 1.85',
  },
  {
    file: 'enescingoz--Instagram_Twitter_Social_Media__Grounded_Article_to_Thread_and_LinkedIn_Post.json',
    title: 'Turn an article into an X thread and a LinkedIn post',
    description: 'Give it an article; AI grounded on the text writes a thread for X and a post for **LinkedIn**.',
    price: 0, useCases: ['social-media', 'marketing'], author: 'alex', views: 1187, favouritedBy: ['minh-anh'], daysAgo: 33,
  },
  {
    file: 'enescingoz--OpenAI_and_LLMs__Proxmox_AI_Agent_with_n8n_and_Generative_AI_Integration.json',
    title: 'Proxmox AI agent: manage servers in plain language',
    description: 'Ask an AI agent to start, stop or inspect **Proxmox** virtual machines, in plain language.',
    price: 350_000, useCases: ['devops-it', 'ai-assistants'], author: 'alex', views: 460, favouritedBy: ['quoc-bao'], daysAgo: 45,
  },
  {
    file: 'enescingoz--OpenAI_and_LLMs__Suggest_meeting_slots_using_AI.json',
    title: 'Gợi ý lịch họp phù hợp bằng AI',
    description: 'AI đọc lịch của bạn và gợi ý các khung giờ họp trống phù hợp nhất.',
    price: 0, useCases: ['productivity', 'ai-assistants'], author: 'thu-ha', views: 734, favouritedBy: ['alex', 'minh-anh'], daysAgo: 50,
  },
  {
    file: 'enescingoz--Other_Integrations_and_Use_Cases__Automate_SIEM_Alert_Enrichment_with_MITRE_ATT_CK__Qdrant___Zendesk_in_n8n.json',
    title: 'Enrich SIEM alerts with MITRE ATT&CK, Qdrant and Zendesk',
    description: 'Enrich security alerts with **MITRE ATT&CK** techniques from a Qdrant vector store and open Zendesk tickets.',
    price: 890_000, useCases: ['devops-it', 'customer-support'], author: 'quoc-bao', views: 312, favouritedBy: [], daysAgo: 70,
  },
  {
    file: 'enescingoz--Other_Integrations_and_Use_Cases__Enhance_Customer_Chat_by_Buffering_Messages_with_Twilio_and_Redis.json',
    title: 'Gom tin nhắn khách hàng với Twilio và Redis',
    description: 'Đệm các tin nhắn liên tiếp của khách qua **Twilio** và **Redis** để AI trả lời một lần, tự nhiên hơn.',
    price: 199_000, useCases: ['customer-support', 'messaging'], author: 'minh-anh', views: 288, favouritedBy: ['quoc-bao'], daysAgo: 28,
  },
  {
    file: 'enescingoz--PDF_and_Document_Processing__ETL_pipeline_for_text_processing.json',
    title: 'ETL pipeline for text processing',
    description: 'Extract text, clean it, analyse sentiment and load the results into a database and Slack.',
    price: 0, useCases: ['data-sync', 'documents'], author: 'thu-ha', views: 602, favouritedBy: ['alex'], daysAgo: 58,
  },
  {
    file: 'enescingoz--PDF_and_Document_Processing__Invoice_data_extraction_with_LlamaParse_and_OpenAI.json',
    title: 'Trích xuất dữ liệu hóa đơn bằng LlamaParse và OpenAI',
    description: 'Đọc hóa đơn PDF bằng **LlamaParse**, trích xuất các trường bằng OpenAI và ghi vào Google Sheets.',
    price: 450_000, useCases: ['finance', 'documents', 'ai-assistants'], author: 'minh-anh', views: 1420, favouritedBy: ['thu-ha', 'quoc-bao'], daysAgo: 11, testedWith: 'n8n 1.80',
  },
  {
    file: 'enescingoz--WhatsApp__Receive_and_Send_Messages_Across_WhatsApp__Instagram_and_Facebook_Messenger_with_Fiwano.json',
    title: 'One inbox for WhatsApp, Instagram and Messenger',
    description: 'Receive and send messages across **WhatsApp**, Instagram and Facebook Messenger from one workflow with Fiwano.',
    price: 0, useCases: ['messaging', 'customer-support'], author: 'alex', views: 955, favouritedBy: ['minh-anh', 'quoc-bao'], daysAgo: 22,
  },
  {
    file: 'manasoid--community-management__blueprint-buy-me-a-coffee-slack.json',
    title: 'Thông báo Buy Me a Coffee lên Slack',
    description: 'Mỗi khi có người ủng hộ trên **Buy Me a Coffee**, gửi lời cảm ơn vào kênh **Slack** của đội.',
    price: 0, useCases: ['messaging', 'marketing'], author: 'quoc-bao', views: 203, favouritedBy: [], daysAgo: 35,
  },
  {
    file: 'manasoid--document-management__blueprint-certificate-generator.json',
    title: 'Certificate generator',
    description: 'Generate personalised certificates from a template for every attendee and e-mail them.',
    price: 120_000, useCases: ['documents', 'email'], author: 'thu-ha', views: 399, favouritedBy: ['alex'], daysAgo: 42,
  },
  {
    file: 'manasoid--document-management__blueprint-pdf-ocr-format-text-for-invoice.json',
    title: 'Nhận dạng chữ (OCR) hóa đơn PDF và định dạng văn bản',
    description: 'Chạy **OCR** trên hóa đơn PDF rồi định dạng văn bản để nhập vào phần mềm kế toán.',
    price: 79_000, useCases: ['finance', 'documents'], author: 'minh-anh', views: 517, favouritedBy: [], daysAgo: 48,
  },
  {
    file: 'manasoid--marketing__blueprint-analyse-survey-with-nlp-ai-1saas.json',
    title: 'Analyse survey answers with NLP',
    description: 'Send survey answers through an NLP service to find themes and sentiment, then store the results.',
    price: 0, useCases: ['marketing', 'ai-assistants'], author: 'alex', views: 174, favouritedBy: [], daysAgo: 80,
  },
  {
    file: 'manasoid--meetings__blueprint-zoom.json',
    title: 'Tự động hóa cuộc họp Zoom',
    description: 'Tạo cuộc họp **Zoom**, gửi lời mời và lưu bản ghi sau khi họp xong.',
    price: 0, useCases: ['productivity'], author: 'thu-ha', views: 266, favouritedBy: ['quoc-bao'], daysAgo: 66,
  },
  {
    file: 'manasoid--social-media__blueprint-twitter-digest-for-keyword-search.json',
    title: 'Twitter digest for a keyword',
    description: 'Search Twitter for a keyword every day and send yourself a digest of the best posts.',
    price: 59_000, useCases: ['social-media', 'marketing'], author: 'quoc-bao', views: 341, favouritedBy: ['thu-ha'], daysAgo: 52,
  },
  {
    file: 'silbersteine--Notion__Language_Task_Dashboard__NotionLanguageDashboardScheduledUpdater.json',
    title: 'Bảng điều khiển học ngoại ngữ trên Notion',
    description: 'Cập nhật định kỳ bảng điều khiển học ngôn ngữ trên **Notion**: tiến độ, bài tập và mục tiêu.',
    price: 0, useCases: ['productivity', 'project-management'], author: 'minh-anh', views: 458, favouritedBy: ['alex'], daysAgo: 75,
  },
  {
    file: 'silbersteine--Notion__Task_Dashboard__NotionTaskDashboardWebhook.json',
    title: 'Notion task dashboard via webhook',
    description: 'Update a **Notion** task dashboard whenever a webhook reports a change in your task tool.',
    price: 250_000, useCases: ['project-management'], author: 'alex', views: 233, favouritedBy: [], daysAgo: 90,
  },
  {
    file: 'handmade--account-export-two-zaps.json',
    title: 'Lưu tệp đính kèm Gmail vào Google Drive',
    description: 'Hai zap: lưu tệp đính kèm **Gmail** vào **Google Drive** và ghi nhật ký vào Google Sheets. Văn phòng Đà Nẵng dùng hằng ngày.',
    price: 0, useCases: ['email', 'documents'], author: 'quoc-bao', views: 812, favouritedBy: ['minh-anh', 'thu-ha'], daysAgo: 14,
  },
  {
    file: 'handmade--editor-export-paths.json',
    title: 'Route new form leads to your CRM and Slack',
    description: 'Zapier Paths send each new form lead to the right CRM pipeline and notify the sales channel in **Slack**.',
    price: 180_000, useCases: ['sales-crm', 'marketing'], author: 'alex', views: 671, favouritedBy: ['quoc-bao'], daysAgo: 19,
  },
];
