// This function's texts live in the contract, which its prerendered pages read too.
export {
  CANCEL_ANSWER,
  CHANGE_PLAN_ANSWER,
  WITHDRAW_ANSWER,
  KEEP_ANSWER,
  END_OLDER_ANSWER,
  MANAGE_MESSAGES as MESSAGES,
  type ManageErrorCode,
  MANAGE_RESULT_PATHS as RESULT_PATHS,
  MANAGE_FORM_PATHS as FORM_PATHS,
  MANAGE_FORM_ERRORS as FORM_ERRORS,
} from "../_shared/contract.ts";
