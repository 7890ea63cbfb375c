import FeedbackAdminPage from '../../features/feedback/components/feedback-admin-page';

/** `/admin/feedback`: what people sent through 帮助与反馈, with their screenshots. */
export default FeedbackAdminPage;
